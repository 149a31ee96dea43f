# The page of `pachisi serve`: every text the page shows, its HTML and its script. The page is
# sent the messages of this file and of common.ftl.
#
# Values many messages take:
#   $family  the family of the ruleset, which names its pieces: pachisi (pieces), parcheesi
#            (pawns) or ludo (tokens, also for Mensch ärgere dich nicht); the messages that
#            speak of pieces choose the word by it
#   $you     yes when the seat or person the sentence is about is the reader's own, else no
#   $who     who did something (a person's name or a seat's colour), when $you is no
#   $colour  a seat's colour as page-colour names it
# Numbers come as digits; a list of names comes already made with page-list-and.

## Words the other messages share.

# The word for a piece alone, where a name is needed without a sentence. $plural: yes or no.
page-piece-noun = { $plural ->
    [yes] { $family ->
        [parcheesi] pawns
        [ludo] tokens
       *[other] pieces
    }
   *[no] { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    }
}

# A list: $head is the items but the last, joined by page-list-comma; $last the last item.
page-list-and = { $head } and { $last }
page-list-comma = {", "}

# A seat's colour by the name the ruleset gives it ($colour: yellow, green, ...). $name is the
# ruleset's own word for a colour not listed here.
page-colour = { $colour ->
    [yellow] { colour-yellow }
    [green] { colour-green }
    [black] { colour-black }
    [red] { colour-red }
    [blue] { colour-blue }
    [orange] { colour-orange }
    [white] { colour-white }
   *[other] { $name }
}
# A seat without a colour: $number counts from 1.
page-seat-number = Seat { $number }

# A chance, a share of 100: $percent.
page-percent = { $percent }%

# A sentence the server wrote ($text), which the page shows as it came.
page-server-sentence = { $text }.

## The header and the page's title.

page-title = Pachisi
page-language = Language
page-how-to-play = How to play
# The rules of one game: $title is the game's name.
page-how-to-play-game = How to play { $title }
page-sound-on = Sound on
page-sound-off = Sound off
page-sound-is-on = Sound is on
page-sound-is-off = Sound is off
page-learn-to-play = Learn to play
page-new-game = New game

## Errors the page writes itself (the server's own errors are shown as it writes them).

# $error: the browser's words for what went wrong.
page-error-unreachable = cannot reach the server ({ $error })
# $status: the HTTP status number; $text its words, as the browser gives them.
page-error-status = the server answered { $status } { $text }
# A refusal of the server, said by its kind (the server's own words are English, and are
# shown as they are on an English page). $status: the answer's HTTP status.
page-error-answer = { $status ->
    [400] The server could not read that request.
    [403] That is not yours to do in this game.
    [404] There is no such game, or it has been deleted.
    [409] The game has moved on: look again, and try once more.
    [413] That is too long for the server.
    [422] The rules do not allow that now.
    [429] Too many requests for now: wait a moment and try again.
    [503] The server is busy: wait a moment and try again.
   *[other] The server refused ({ $status }).
}
page-error-not-json = the server sent a message that is not JSON
page-error-watching-off = the host turned watching off
page-error-deleted = this game was deleted by its host
page-error-refused = the server refused the message
page-error-no-seat = this browser no longer has a seat at this game, nor a watch link
page-error-replay-frames = the server sent a replay without frames
page-error-analysis = the server sent an analysis without its figures
page-error-no-rulesets = the server has no rulesets
# $error: what went wrong.
page-error-rulesets = cannot load the rulesets: { $error }
# $error: what went wrong.
page-error-lobby = cannot read the lobby: { $error }
# $name: the file's name; $error: what went wrong, in the browser's words.
page-error-read-file = cannot read { $name }: { $error }
# $max: the largest seed.
page-error-seed = the seed must be a whole number from 0 to { $max }
page-error-cowrie-p = the cowrie probability must be a number
page-error-private = This game is private: ask a player for the watch link.
page-connection-lost = Connection lost: reconnecting…
page-connection-closed = Not following the game any more: reload the page to try again.

## An invitation (a link a host sends).

page-join-heading = You are invited to a game
# $title: the game's name.
page-join-heading-game = You are invited to a game of { $title }
# $from: host when the host has a name ($host), else none; $colour: the seat's colour; $title:
# the game's name.
page-join-about = { $from ->
    [host] { $host } invites you
   *[none] You are invited
} to play { $colour } in a game of { $title }.
# The invitation cannot be used any more: $reason is the server's reason.
page-join-used = { $reason }. Ask whoever invited you for a new link.
page-join-not-found = The game of this invitation cannot be found: it may have been deleted.
page-join-name = Your name, as the others will see it
page-name-rule = 1 to 24 letters, digits, spaces and . - _ '
page-join-take = Take the seat
page-join-cancel = Not now
page-join-need-name = choose a name for the others to see

## The new game panel.

page-new-ruleset = Game
page-new-about-rules = About these rules
page-your-name = Your name
# The name a host goes by who gave none (the hint in the empty name field, and the name sent).
page-host-name = Host
page-players = Players
page-new-seats-help = A friend's seat gets a link to send them (and a QR code); the game begins when every seat is taken.
page-turn-time-label = Time per turn
page-turn-no-limit = no limit
# A time per turn: $minutes the whole minutes (0 when the time is not whole minutes), $seconds
# the seconds.
page-turn-time = { $minutes ->
    [0] { $seconds } seconds
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}
page-new-turn-help = When a person's time runs out, a bot plays that turn for them; after two missed turns it plays their seat until they say they are back.
page-new-pace-label = How fast the bots play
page-new-pace-slow = slowly: time to follow every move
page-new-pace-normal = at a normal pace
page-new-pace-fast = fast
page-new-public = List the open seats in the lobby, for anyone to take
page-new-more-options = More options
page-new-cowrie-p = Chance a cowrie falls mouth up
page-new-allow-hints = Allow hints although several people play
page-new-seed = Practice seed (the same seed, the same throws; no invitations)
page-new-seed-hint = none: fair throws anyone can check
# Keep the command as it is: it is typed in a terminal.
page-new-set = Optional rules (see “pachisi rules show”)
# FIELD and VALUE stand for a rule's name and value as the command lists them.
page-new-set-hint = FIELD=VALUE, space between
page-new-start = Start
page-back-to-game = Back to the game
page-your-games = Your games
page-open-seats = Open seats
# Who plays a seat: $colour the seat.
page-seat-kind-label = Who plays { $colour }
# $kind: me (the person filling in the form), open (a friend invited by a link) or bot.
page-seat-kind = { $kind ->
    [me] you
    [open] a friend, invited by link
   *[bot] a bot
}
# $colour: the seat whose bot this is.
page-seat-bot-label = How the { $colour } bot plays
# A seat's partners: $partners their colours, $count how many.
page-seat-team = with { $partners }
page-seat-alone = plays alone
# How a bot plays: $level random, heuristic, expectimax or mcts.
page-bot-level = { $level ->
    [random] random moves
    [heuristic] good
    [expectimax] strong
   *[mcts] strong, thinks longer
}
# A bot by how it plays ($level as in page-bot-level), as a seat's tooltip names it.
page-bot-title = { $level ->
    [random] bot playing random moves
    [heuristic] good bot
    [expectimax] strong bot
    [mcts] strong bot that thinks longer
   *[other] bot
}
# How fast the bots play: $pace slow, normal or fast.
page-pace = { $pace ->
    [slow] slowly
    [fast] fast
   *[normal] at a normal pace
}
page-open = Open
page-delete = Delete
page-game-untitled = Game
# A game of this browser's: $title its name, $state what it is at (page-game-state).
page-game-line = { $title } — { $state }
# What a game is at: $state won (finished, $winners the winners' colours, $count how many
# seats they are), finished (the winners not known), waiting, turn (the person's turn), watching
# or going.
page-game-state = { $state ->
    [won] finished: { $winners } won
    [finished] finished
    [waiting] waiting for players
    [turn] your turn
    [watching] watching
   *[going] under way
}
# A seat of the lobby to take: $colour the seat.
page-lobby-play = Play { $colour }
# A room of the lobby: $game the game; $from host when a host is named ($host), else none.
page-lobby-line = { $from ->
    [host] { $game } with { $host }
   *[none] { $game }
}

## The table: the board, whose turn, the throw, the moves.

page-no-board = Start a game, or replay a record.
page-board = The board
# $title: the game's name.
page-board-of = The board of { $title }
page-watching = You are watching: you see the game, and cannot play.
page-away = A bot plays your seat while you are away.
page-away-back = I'm back
page-rematch = Rematch
page-rematch-play = Play the rematch
page-rematch-watch = Watch the rematch
page-last-throw = The last throw
page-throw = Throw
page-your-moves = Your moves
# $family names the pieces.
page-move-help-tap = Tap a marked { $family ->
    [parcheesi] pawn
    [ludo] token
   *[other] piece
}, then its green square; or a move here.
page-move-help-keys = Keys: 1-9, ↑ ↓ and Enter; Space or Enter throws.
page-hint = Hint
page-undo = Undo
page-download = Download record
page-verify = Check the throws
page-analyse-game = Analyse the game
page-game-pace-label = The bots play
page-room-box = Invitations and seats
page-chat = Chat
page-chat-say = Say something
page-chat-send = Send
page-game-record = Game record
page-replay-box = Replay a record
page-replay-open = Open a record file…
page-legend = What the board's marks mean

## The seats and the teams.

# A seat and who plays it: "Red — you". $who: you, person (then $name is the person's name),
# player (one of several people in a record), open (a seat open to a friend), bot, or none
# (nobody to name); $away yes when the person is away and a bot plays for them.
page-seat-label = { $who ->
    [none] { $colour }
    [you] { $colour } — you{ $away ->
        [yes] {" "}(away)
       *[no] {""}
    }
    [person] { $colour } — { $name }{ $away ->
        [yes] {" "}(away)
       *[no] {""}
    }
    [player] { $colour } — player
    [open] { $colour } — open seat
   *[bot] { $colour } — bot
}
# A team's pieces home: $home of $total.
page-team-home = { $home }/{ $total } home
# A team's place at the end: $place from 1.
page-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}

## The board's legend and the titles of its squares and pieces.

# The board's marks, for boards whose pieces wait in a nest and for Pachisi's cloth; $family
# names the pieces.
page-legend-castle-nest = Safe square: { $family ->
    [parcheesi] pawns
    [ludo] tokens
   *[other] pieces
} there cannot be sent back
page-legend-castle = Castle, a safe square: { $family ->
    [parcheesi] pawns
    [ludo] tokens
   *[other] pieces
} there cannot be sent back
page-legend-centre-nest = The centre: home, where { $family ->
    [parcheesi] pawns
    [ludo] tokens
   *[other] pieces
} finish
page-legend-centre = The Charkoni, the centre: where { $family ->
    [parcheesi] pawns
    [ludo] tokens
   *[other] pieces
} start and finish
page-legend-start = A start square, in its colour: where { $family ->
    [parcheesi] pawns
    [ludo] tokens
   *[other] pieces
} come in, the arrow their way
# The centre of the board, written on it: $centre is Charkoni (Pachisi's) or Home.
page-centre = { $centre ->
    [Charkoni] Charkoni
   *[Home] Home
}
# A square's title: $kind start (a seat's start square), column (a seat's home column), lane
# (a seat's lane), entrance (the way into a home column) or plain; $colour the seat it belongs
# to; $safe yes for a safe square.
page-square-title = { $kind ->
    [start] { $colour }'s start square{ $safe ->
        [yes] , a safe square
       *[no] {""}
    }
    [column] { $colour }'s home column{ $safe ->
        [yes] , a safe square
       *[no] {""}
    }
    [lane] { $colour }'s lane{ $safe ->
        [yes] , a safe square
       *[no] {""}
    }
    [entrance] the way into { $colour }'s home column{ $safe ->
        [yes] , a safe square
       *[no] {""}
    }
   *[plain] { $safe ->
        [yes] a safe square
       *[no] a square
    }
}
# A piece's title: $seat the seat (page-seat-label); $count the pieces standing together;
# $where board, waiting or home; $movable yes when it can move now.
page-piece-title = { $seat }: { $count ->
    [one] a { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    }
   *[other] { $count } { $family ->
        [parcheesi] pawns
        [ludo] tokens
       *[other] pieces
    }
}{ $where ->
    [waiting] , waiting
    [home] , home
   *[board] {""}
}{ $movable ->
    [yes] {" "}(can move)
   *[no] {""}
}
page-corner-waiting = waiting
page-corner-home = home

## The throw.

page-throw-none = No throw yet.
page-throw-view-none = No throw yet
# The picture of the throw: $throw what page-throw says.
page-throw-view-label = The last throw: { $throw }
page-shell-up = mouth up
page-shell-down = mouth down
# A number thrown, as a thing: "a six", "an 8". $value the number.
page-a-number = { $value ->
    [0] a zero
    [1] a one
    [2] a two
    [3] a three
    [4] a four
    [5] a five
    [6] a six
    [8] an 8
    [11] an 11
    [18] an 18
   *[other] a { $value }
}
# Dice showing the same faces: $faces the faces (page-a-number, in a list).
page-throw-doubles = { $faces } (doubles)
# Cowries thrown: $value the throw; $up the shells that fell mouth up, of $shells.
page-throw-cowries = { $value } ({ $up } of { $shells } mouth up)
# The last throw: $throw what was thrown (page-a-number, page-throw-doubles or
# page-throw-cowries); $grace yes when it may bring a piece in, cowries when it is a grace of a
# cowrie game (their rule books call it so), else no.
page-throw-said = { $you ->
    [yes] You threw
   *[no] { $who } threw
} { $throw }{ $grace ->
    [cowries] : a grace, a { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    } may come in.
    [yes] : a { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    } may come in.
   *[no] {"."}
}
# The thrower throws again.
page-throw-again = { $you ->
    [yes] You throw again.
   *[no] { $who } throws again.
}
# What is left to play this turn: $values the values (page-pool-value), in a list.
page-pool = Left to play: { $values }
# A value left to play: $value the number; $bonus yes when it is a bonus.
page-pool-value = { $bonus ->
    [yes] { $value } (bonus)
   *[no] { $value }
}

## The moves, as the list of moves says them. In the messages of a move, $inside is yes when
## the move's words go on a sentence (the analysis: "Red chose to move ..."), no when they are
## a button's.

page-move = Move
# Passing: $inside as the section says.
page-move-pass = { $inside ->
    [yes] pass
   *[no] Pass
}
page-move-pass-more = give up the rest of the throw
# A piece comes in with two values: $value and $second.
page-move-enter-two = { $inside ->
    [yes] bring
   *[no] Bring
} a { $family ->
    [parcheesi] pawn
    [ludo] token
   *[other] piece
} in with { $value } and { $second }
# A piece comes in with the value $value.
page-move-enter = { $inside ->
    [yes] bring
   *[no] Bring
} a { $family ->
    [parcheesi] pawn
    [ludo] token
   *[other] piece
} in with the { $value }
# A piece comes in and moves on $steps squares.
page-move-enter-and-move = { $inside ->
    [yes] bring
   *[no] Bring
} a { $family ->
    [parcheesi] pawn
    [ludo] token
   *[other] piece
} in and move it { $steps ->
    [one] { $steps } square
   *[other] { $steps } squares
}
# A piece on the board moves $steps squares. $which: only when the mover has pieces in one place
# on the board, back for the one furthest behind, else rank, with $rank its place counted from
# the one furthest along (1 the front one); $pair yes when two pieces move as a pair.
page-move-along = { $inside ->
    [yes] move
   *[no] Move
} { $which ->
    [only] your
    [back] the back
   *[rank] the { $rank ->
        [1] front
        [2] second
        [3] third
        [4] fourth
        [5] fifth
        [6] sixth
        [7] seventh
       *[other] { $rank }th
    }
} { $pair ->
    [yes] pair
   *[no] { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    }
} { $steps ->
    [one] { $steps } square
   *[other] { $steps } squares
}
# What else a move does, after its words (several are joined with page-list-comma).
# Part of a throw: $steps of the value $value.
page-move-more-part = { $steps } of the { $value }
page-move-more-home = reaches home
page-move-more-again = goes round again
# The move sends pieces back: $who their colours, $count how many seats.
page-move-more-sends = sends { $who } back
page-move-more-captures = captures
# A move with what else it does: $move and $more.
page-move-with-more = { $move } ({ $more })
page-hint-caption = Your side's chance of winning after each move, as a strong bot sees it:

## Whose turn it is, what happened, the result.

page-status-replay-over = Replay: the game is over.
# $phase: throw or move.
page-status-replay = Replay: { $colour } to { $phase ->
    [throw] throw
   *[move] move
}.
page-game-over = The game is over.
# Seats not yet taken: $open how many.
page-status-waiting = { $open ->
    [one] Waiting for a player to take the open seat.
   *[other] Waiting for { $open } players to take the open seats.
}
# A person's turn: $whose you (the reader's), person (then $name is theirs) or seat; $phase
# throw or move.
page-status-turn = { $whose ->
    [you] Your turn, { $colour }
    [person] { $name }'s turn ({ $colour })
   *[seat] { $colour }'s turn
}: { $phase ->
    [throw] throw
   *[move] choose a move
}.
# A person cannot move: $colour their seat.
page-status-passes = { $colour } cannot move: the turn passes.
# Where a seat whose pieces are all home throws for its partner (Chaupar): $finished that
# seat's colour, $colour the partner's, who throws and moves. Said after the turn's sentence.
page-status-for-partner = Every piece of { $finished } is home: in { $finished }'s turn, the partner { $colour } throws and moves.
# A bot's turn: $seat the seat (page-seat-label); $phase throw or move.
page-status-bot = { $phase ->
    [throw] { $seat } is throwing…
   *[move] { $seat } is moving…
}
page-result-you-won = You won!
# $team: the winners' colours; $count how many seats they are.
page-result-won = { $team } won.
# What the last move did. $you, $who: who passed.
page-event-passed = { $you ->
    [yes] You passed.
   *[no] { $who } passed.
}
# $you, $who: who brought a piece in; $family names it.
page-event-entered = { $you ->
    [yes] You brought a { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    } in.
   *[no] { $who } brought a { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    } in.
}
# $you, $who: who brought a piece home; $family names it.
page-event-home = { $you ->
    [yes] You brought a { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    } home.
   *[no] { $who } brought a { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    } home.
}
# $you, $who: who moved.
page-event-moved = { $you ->
    [yes] You moved.
   *[no] { $who } moved.
}
# $pair yes when two pieces moved as a pair; $steps the squares.
page-event-moved-steps = { $you ->
    [yes] You moved
   *[no] { $who } moved
} { $pair ->
    [yes] a pair
   *[no] a { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    }
} { $steps ->
    [one] { $steps } square.
   *[other] { $steps } squares.
}
# A piece of the seat $colour was captured ($you yes when it is the reader's).
page-event-sent-back = { $you ->
    [yes] Your { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    } was sent back!
   *[no] { $colour }'s { $family ->
        [parcheesi] pawn
        [ludo] token
       *[other] piece
    } was sent back.
}
page-event-undone = The move was taken back.

## Why a piece cannot move (a tap on it says).

# $colour the piece's seat, $mover the seat to play.
page-why-not-yours = That is { $colour }'s { $family ->
    [parcheesi] pawn
    [ludo] token
   *[other] piece
}; it is { $mover }'s turn.
page-why-bot = A bot plays this seat.
# $name plays the seat $colour.
page-why-other = { $name } plays { $colour }.
page-why-watching = You are watching this game.
page-why-throw-first = Throw first.
# $family names the piece tapped.
page-why-home = This { $family ->
    [parcheesi] pawn
    [ludo] token
   *[other] piece
} is home.
# $family names the piece tapped.
page-why-no-move = This { $family ->
    [parcheesi] pawn
    [ludo] token
   *[other] piece
} has no move.

## The room: invitations, options, handing a seat over, the chat, the clock.

page-copy-link = Copy link
page-copied = Copied
page-copy-select = Select and copy
# A link's QR code: $label says what the link is.
page-qr-code = QR code: { $label }
# The invitation to the seat $colour.
page-invite-for = Invitation for { $colour }: send it to the friend who plays it
page-watch-link = Watch link: whoever has it sees the game, and cannot play
page-room = The room
page-room-watching = Watching allowed (turned off, the watch link stops working)
page-room-public = Open seats listed in the lobby
# The seat $colour handed over.
page-hand-to-label = Who plays { $colour } from now on
# A bot that plays as $level says (page-bot-level's values).
page-hand-to-bot = a bot ({ $level ->
    [random] random moves
    [heuristic] good
    [expectimax] strong
   *[mcts] strong, thinks longer
})
page-hand-to-new = someone new, by a new invitation
page-hand-over = Hand over
# Before the choice of who plays the seat $colour next.
page-hand-row = { $colour } to
page-hand-over-heading = Hand a seat over
page-hand-over-help = For a player who has to go: a bot plays on, or someone new takes the seat by a new invitation.
page-chat-watching = (watching)
# The name a watcher goes by in the chat who gave none.
page-chat-default-name = Watcher
# The turn's clock: $time the time left (minutes:seconds), for the reader's turn ($you yes) or
# the seat $colour.
page-clock-label = { $you ->
    [yes] { $time } left for your turn
   *[no] { $time } left for { $colour }
}

## The record: its download and the check of the throws.

# Every throw checks: $throws how many.
page-verify-ok = All { $throws } throws match: the server's seed, revealed now, is the one it committed to before the game, and with the players' seeds it gives every throw played.
page-verify-failed = The throws do not check out.
page-verify-seed-differs = The revealed seed is not the one the server committed to before the game.
# $error: the server's words.
page-verify-replay-error = The record does not replay: { $error }

## The replay viewer.

page-replay = Replay
page-replay-first = First step
page-replay-prev = Previous step
page-replay-next = Next step
page-replay-last = Last step
# $name the record's file, at step $step of $last.
page-replay-step = { $name }: step { $step } of { $last }
page-replay-close = Close the replay
page-analyse = Analyse

## The analysis.

page-analysis = Analysis
page-analysis-table-region = Per seat, scrolls sideways
page-analysis-per-seat = Per seat
page-analysis-seat = Seat
page-analysis-choices = Choices
page-analysis-average-loss = Average loss
page-analysis-inaccuracies = inaccuracies
page-analysis-mistakes = mistakes
page-analysis-blunders = blunders
page-analysis-luck = Luck
# Under the headings of the average loss and of luck: what their numbers count.
page-analysis-in-points = in points of winning chance
# Points of winning chance: $points the points, with one decimal.
page-points = { $points ->
    [1.0] { $points } point
   *[other] { $points } points
}
# The bot that judged: $kind heuristic (judges the position a move leaves), now (weighs the
# throw at hand only), search (searches $depth throws ahead) or other ($bot: how it was given).
page-judge = { $kind ->
    [heuristic] a bot that judges each move by the position it leaves
    [now] a bot that weighs every way to play the throw at hand, looking no further ahead
    [search] a bot searching { $depth ->
        [one] one throw
       *[other] { $depth } throws
    } ahead
   *[other] a bot ({ $bot })
}
# What the analysis is: $judge the bot that judged (page-judge); $inaccuracy, $mistake and
# $blunder the losses that mark a move, in points.
page-analysis-about = Judged by { $judge }. A move's loss is how much lower it left the mover's chance to win than the best move would have, in points (a point is 1% of a chance to win): ?! marks an inaccuracy (a loss of { $inaccuracy } points or more), ? a mistake ({ $mistake } or more), ?? a blunder ({ $blunder } or more). The bot's opinion, not the truth.
page-judge-same-all = The bots that played this game judge like the analysis does, so their moves show no loss.
# $bots the colours of the bots that judge like the analysis; $count how many.
page-judge-same = { $count ->
    [one] { $bots } was a bot that judges like the analysis does, so its moves show no loss.
   *[other] { $bots } were bots that judge like the analysis does, so their moves show no loss.
}
# $bots the colours of the bots that look further ahead than the analysis; $count how many.
page-judge-further = { $count ->
    [one] { $bots } was a bot that looks further ahead than the analysis does: where it marks its moves, the bot may be the one that is right.
   *[other] { $bots } were bots that look further ahead than the analysis does: where it marks their moves, the bot may be the one that is right.
}
page-judge-no-person = The analysis is most use on a game a person played.
# Whom the throws favoured: $team by $points; $first yes for the first of a list (which says
# the word "points").
page-luck-by = { $team } by { $first ->
    [yes] { $points ->
        [1.0] { $points } point
       *[other] { $points } points
    }
   *[no] { $points }
}
# The luck of the throws: $lucky the sides they favoured and $unlucky those they went against
# (page-luck-by, in lists); $how both, lucky or unlucky.
page-luck = Luck: the throws { $how ->
    [both] favoured { $lucky }, and went against { $unlucky }
    [lucky] favoured { $lucky }
   *[unlucky] went against { $unlucky }
} (points of winning chance, against what average throws would have given).
page-luck-even = Luck: the throws were as good as average.
page-step-start = The start of the game.
# A move that was the best: $step its number, $seat its seat, $move what it did (a move's
# words), $chance the chance to win after it, $choices how many there were.
page-step-best = Move { $step }: { $seat } chose to { $move } (a { $chance }% chance to win after it), the best of { $choices } choices.
# A move that was not the best: as page-step-best, and $best the best move, $bestChance the
# chance to win after it, $loss the points lost (page-points), $mark none, inaccuracy, mistake
# or blunder.
page-step-worse = Move { $step }: { $seat } chose to { $move } (a { $chance }% chance to win after it). Better: { $best } ({ $bestChance }%), so a loss of { $loss }{ $mark ->
    [inaccuracy] : an inaccuracy (?!).
    [mistake] : a mistake (?).
    [blunder] : a blunder (??).
   *[none] {"."}
}
# A throw: $step its number; $seat who threw $throw; the chance to win was $before before it and
# $after after it; $luck even, favoured or against (by $points, page-points).
page-step-throw = Throw { $step }: { $seat } threw { $throw }. { $seat }'s chance to win was { $before }% before it, on average, and { $after }% after it: { $luck ->
    [favoured] it favoured { $seat } by { $points }.
    [against] it went against { $seat } by { $points }.
   *[even] an average throw.
}
# A move with one way to play: $step its number.
page-step-forced = Move { $step }: there was no choice.
# A marked move in the record: $mark inaccuracy, mistake or blunder; $points the points lost.
page-mark-title = { $mark ->
    [inaccuracy] inaccuracy
    [mistake] mistake
   *[blunder] blunder
}: the move lost { $points } points of winning chance
# The winning chances at a step: $when end (the end of the game) or throw (before throw
# $throw); $chances each side's (page-chances-side), joined by page-list-comma.
page-chances = Winning chances { $when ->
    [end] at the end
   *[throw] before throw { $throw }
}: { $chances }.
# A side's winning chance: $team its colours, $percent the chance.
page-chances-side = { $team } { $percent }%
page-graph-title = Winning chances through the game
# A line of the graph: $team its colours; $dash solid or dashed; $end yes when the chance at
# the end is known ($percent at step $step).
page-graph-line = { $team } { $dash ->
    [solid] solid
   *[dashed] dashed
}{ $end ->
    [yes] {" "}({ $percent }% at step { $step })
   *[no] {""}
}
# What the graph shows: $steps the steps of the game; $lines each line (page-graph-line), joined
# by semicolons.
page-graph-desc = Each side's estimated winning chance, from 0 to 100%, before every throw of the { $steps } steps of the game. Lines: { $lines }. Click a step to show it.
# The graph's axis at step $step.
page-graph-step = step { $step }

## The guided first game (/learn) and the first game's tips.

page-learn-title = Learn to play Pachisi
page-learn-choose-about = Short steps on the real board: each shows one rule, asks you to make the move, and quotes the document it comes from. Then play a first game against gentle bots.
# A tour's button: $title the game's name; $first yes for the first tour (the whole game), no
# for the others (how their game differs).
page-learn-tour = { $first ->
    [yes] { $title }: the whole game
   *[no] { $title }: how it differs
}
# A tour's length: $count steps.
page-learn-steps = { $count ->
    [one] { $count } step
   *[other] { $count } steps
}
# $tour the tour's name; step $step of $steps.
page-learn-counter = { $tour }: step { $step } of { $steps }
# The page's title during a step: $step the step's title, $tour the tour's name.
page-learn-step-title = { $step } · { $tour }
page-learn-throw-box = The throw
page-learn-source = Where this comes from
page-learn-move-help = Choose a move: a button here (keys 1 to 9), or a marked piece on the board.
page-learn-next = Next
page-learn-finish = Finish
page-learn-other-tours = Other tours
# $tour the tour's name.
page-learn-end = You have finished the { $tour } tour
page-learn-play-about = Your first game: you against gentle bots, with tips when something happens (a grace, a capture, a turn that passes).
page-learn-play = Play a first game
page-learn-starting = Starting the game…
# The throw in the tip of a passed turn: $count the values, $value the one value, $values all
# of them in a list.
page-tip-throw = { $count ->
    [one] { $value ->
        [8] an { $value }
        [11] an { $value }
        [18] an { $value }
       *[other] a { $value }
    }
   *[other] { $values }
}
page-tip-label = Tip:
page-tip-dismiss = Got it
