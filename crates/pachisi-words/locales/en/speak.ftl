# The game in words, for a screen reader and for anyone who asks: where the pieces stand, what
# threatens them, the moves, why a piece cannot move, what just happened, and the commands a
# player types. Pieces are numbered 1 to 4 (or as many as a seat has), the same all game long.
#
# Who is spoken of: $who is "you" (the player the words are said to), "partner" (that player's
# partner) or "seat" (anyone else, or everyone when the words are said to nobody in particular);
# $name is the seat's colour (colour-yellow, ...).
#
# Every message is given $family, the family of the ruleset played, by which family-piece
# (common.ftl) names the pieces: Pachisi's pieces, Parcheesi's pawns, Ludo's tokens.

## Who and whose.

speak-who = { $who ->
        [you] You
        [partner] Your partner { $name }
       *[seat] { $name }
    }
# A seat named at the head of its line in the board's description.
speak-seat-heading = { $who ->
        [you] You, { $name }
        [partner] Your partner, { $name }
       *[seat] { $name }
    }
# A piece of a seat, inside a sentence. $number: the piece's number.
speak-whose-piece = { $who ->
        [you] your { family-piece } { $number }
        [partner] your partner's { family-piece } { $number }
       *[seat] { $name }'s { family-piece } { $number }
    }
# Several numbers: "1", "1 and 2", "1, 2 and 3" ($first: all but the last, joined by commas).
speak-and = { $first } and { $last }
speak-or = { $first } or { $last }

## Where a piece stands. $start: "charkoni" or "nest"; $where: an arm, as term-where says it
## ("on your arm", "on Green's arm"); $along: squares from its start; $left: squares still to go.

speak-place-waiting = { $start ->
        [nest] waiting in the nest
       *[charkoni] waiting in the Charkoni
    }
speak-place-home = home
speak-place-goal = in the goal
speak-place-lane = in the home column, { $left ->
        [one] one square from home
       *[other] { $left } squares from home
    }
speak-place-track = { $castle ->
        [yes] on the castle { $where }
       *[no] { $where }
    }, { $along ->
        [one] one square from the start
       *[other] { $along } squares from the start
    }, { $left } to go
# A square named in a reason (a castle held, a blockade): $castle "yes" or "no", $where its arm.
speak-square = { $castle ->
        [yes] the castle { $where }
       *[no] the square { $where }
    }
speak-square-entry = the entry square { $where }

## Safety and threats.

speak-safe-castle = safe on a castle
speak-safe-lane = out of the opponents' way
speak-not-threatened = no opposing { family-piece } can reach it with one throw
# $captor: whose piece threatens (speak-whose-piece); $squares: how far behind it stands;
# $entering: "yes" when it captures by coming in; $throws: the throws ("3", "3 or 25");
# $chance: the chance of one of them (speak-chance).
speak-threat = { $captor }{ $entering ->
        [yes] {" "}coming in
       *[no] , { $squares ->
            [one] one square behind
           *[other] { $squares } squares behind
        }
    }, with a throw of { $throws } ({ $chance })
speak-threatened = threatened by { $threats }
# The chance of a throw: "15 in 64"; or, where no small count says it exactly, in hundredths.
speak-chance = { $count } in { $total }
speak-chance-about = about { $percent } in 100

## The board in words: a line per seat, its pieces grouped where they stand together.

# $numbers: "1" or "1 and 2"; $place: where they stand; $state: their safety, or nothing.
speak-pieces = { $count ->
        [one] { family-piece } { $numbers }
       *[other] { family-pieces } { $numbers }
    } { $place }{ $state }
speak-state = , { $state }
speak-board-seat = { $seat }: { $pieces }.
speak-board-list = { $first }; { $rest }
# One piece on a line of its own (where): "Piece 2: on your arm, ...; threatened by ...".
speak-piece-line = { family-piece-capital } { $number }: { $place }{ $state }.
speak-threats = { family-piece-capital } { $number }, { $place }: { $state }.
speak-threats-waiting = { family-piece-capital } { $number } is { $place }: nothing can capture it there.

## Moves, numbered as the game numbers them (type the number to play one).

speak-move-line = { $number }: { $move }
speak-move-pass = Pass: give up the rest of the throw.
# $pieces: "piece 2", or "pieces 2 and 3" for a pair; $at: where it stands; $count: squares;
# $more: what the move does besides (where it ends, whom it captures), as the moves in the
# terminal say it (term-to-castle, term-capturing, ...).
speak-move-enter = Bring { $pieces } in with the { $value }{ $more }.
speak-move-enter-sum = Bring { $pieces } in with { $first } and { $second }{ $more }.
speak-move-advance = Move { $pieces } ({ $at }) { $count ->
        [one] one square
       *[other] { $count } squares
    }{ $more }.
speak-moving-pieces = { $count ->
        [one] { family-piece } { $numbers }
       *[other] { family-pieces } { $numbers }
    }
speak-victim = { $whose }
speak-moves-none = You have no move to make now.

## Why a piece cannot move (why N).

speak-why-can = { family-piece-capital } { $number } can move: { $count ->
        [one] move { $moves }
       *[other] moves { $moves }
    }.
speak-why-not = { $count ->
        [one] { family-piece-capital } { $number }
       *[other] { family-pieces-capital } { $number }
    }, { $place }: { $reasons }.
speak-why-all-can = Every { family-piece } of yours on its way can move with this throw.
speak-why-home = { family-piece-capital } { $number } is home: it has finished.
speak-why-not-now = { family-pieces-capital } move after a throw, on your own turn: there is no move to make now.
speak-no-piece = There is no { family-piece } { $number }: your { family-pieces } are 1 to { $count }.
# Every reason of a piece, joined: "reason; reason".
speak-reasons = { $first }; { $rest }

## Why, from the engine's reasons (the same reasons every front end gives, in words). $value:
## a throw's value; $square: a square (speak-square); $values: throws ("6, 10 or 25").

why-not-time = it is not time to move: throw first
why-game-over = the game is over
why-no-piece = none of your { family-pieces } stands there
why-already-home = the { family-piece } is already home
# $graces: the throws that bring a piece in; $sum: "yes" when two dice may add up to one;
# $count and $values: the throws of this turn that are not graces (0 when none is said).
why-needs-grace = a waiting { family-piece } comes in only on { $single ->
        [yes] a { $graces }
       *[no] a grace ({ $graces })
    }{ $sum ->
        [yes] , on one die or as the sum of two
       *[no] {""}
    }{ $count ->
        [0] {""}
        [one] , which { $values } is not
       *[other] , which { $values } are not
    }
# $the-values: "the 3" or "the 2 and the 3".
why-the-value = the { $value }
why-needs-first-entry = a side's first { family-piece } comes in only on { $graces }, not on the { $value }
why-movement-only = the { $value } only moves { family-pieces } already on the board and cannot bring one in
why-never-brings-out = a { $value } never brings a { family-piece } out: it only moves { family-pieces } already on the board
why-entry-blocked = { $square } is closed: { $obstacle }
why-obstacle-blockade = a blockade stands on it
why-obstacle-full = { $limit ->
        [one] one of your { family-pieces } stands on it already
       *[other] { $limit } of your { family-pieces } stand on it already
    }
why-obstacle-castle = it is a castle an opponent holds
why-obstacle-pair = an opposing pair stands on it, and a single { family-piece } may not land there
why-overshoot = the { $value } would overshoot the end: a { family-piece } goes home only by an exact throw, and this one needs exactly { $needs ->
        [one] one square
       *[other] { $needs } squares
    }
why-stranded = the { $value } would leave the { family-piece } { $left ->
        [one] one square
       *[other] { $left } squares
    } from home, nearer than any throw can take it
why-castle-held = the { $value } would land on { $square }, which an opponent holds
why-square-full = the { $value } would land on { $square }, where { $limit ->
        [one] one of your { family-pieces } stands
       *[other] { $limit } of your { family-pieces } stand
    } already
why-opposing-pair = the { $value } would land a single { family-piece } on the opposing pair on { $square }: only a pair may land on a pair
why-blockade-in-the-way = a blockade on { $square } stands in the way of the { $value }
why-blockade-intact = the { $value } would bring two { family-pieces } of a blockade together again on { $square }, and a blockade may not be moved intact
why-grace-only-enters = while a { family-piece } waits to come in, a { $value } may only bring a { family-piece } in
why-must-enter = a waiting { family-piece } must be brought in first
why-clear-entry-first = your { family-piece } on { $square } must move off it first, while a { family-piece } waits to come in
why-past-goal-end = the { family-piece } stands on the last square of its goal, and the { $value } cannot take it farther
why-past-goal = the { $value } would carry the { family-piece } past the last square of its goal, { $room ->
        [one] one square
       *[other] { $room } squares
    } ahead
why-pair-cannot-halve = the { family-pieces } here move together as a pair, half the throw, and the { $value } cannot be halved
why-must-capture-first = the { $value } would turn the { family-piece } up its lane home, which your side may not do before it has captured, and it cannot go round again instead
why-step-must-enter = the extra step of { $value } must bring a waiting { family-piece } in while one can come
why-home-gate = the { $value } would bring the { family-piece } round to the end of its arm again, which waits until { $needed } of your partner's { family-pieces } have gone past that arm
why-fullest-use = the { $value } could move it, but the throws must be used as fully as possible, and that takes other moves
why-carry-on-first = the pawn on { $square }, an opponent's safety space, must first be carried on with the other die
why-turn-lost = the { $value } could only end on { $square }, a castle an opponent holds, and that costs the whole turn
why-finish-from-fourteen = a doublet brings a pawn home only from 14 out, with all 14 squares; this one needs { $needs } and { $value ->
        [one] one square
       *[other] { $value } squares
    } of the doublet are left
why-no-rule = no rule lets this { family-piece } use the { $value }
# A reason the engine knows and this catalogue does not name yet.
why-other = this { family-piece } cannot move now

## A throw in words. $name: the throw as written; $value: its squares; for two separate dice
## $first and $second; with three separate dice ($dice = three) $third too.

throw-words = { $dice ->
        [yes] { $name }: a { $first } and a { $second }
        [three] { $name }: a { $first }, a { $second } and a { $third }
       *[no] { $name }: { $value } { $value ->
            [one] square
           *[other] squares
        }
    }
throw-words-doublet = , a doublet
# A throw that brings a piece in: "a grace" in Pachisi, where the word is the game's own.
throw-words-grace = { $family ->
    [pachisi] , a grace (enters a { family-piece })
   *[other] , it brings a { family-piece } in
}
throw-words-again = , throw again
# The throw-off: $throws as the record writes them ("Y 25, G 10"), $first who begins.
throw-off-words = throw-off: { $throws }: { $first } begins

## What just happened, one line per action.

speak-event-threw = { $who } threw { $throw }.
speak-event-passed = { $who } passed.
# A pass the throw forced: $throw the throw's values ("3", "5 and 3"); $reasons why, each a
# sentence of its own (speak-why-not).
speak-event-forced = { $who } could not move with { $throw }. { $reasons }
# $did: what the move did, as speak-did-* says it.
speak-event-moved = { $who } { $did }.
speak-did-enter = brought { $pieces } in{ $more }
speak-did-advance = moved { $pieces } by { $count ->
        [one] one square
       *[other] { $count } squares
    }{ $more }
speak-event-home = { $who ->
        [you] Your { family-piece } { $number } is home.
        [partner] Your partner's { family-piece } { $number } is home.
       *[seat] { $name }'s { family-piece } { $number } is home.
    }
speak-event-goal = { $who ->
        [you] Your { family-piece } { $number } is in the goal.
        [partner] Your partner's { family-piece } { $number } is in the goal.
       *[seat] { $name }'s { family-piece } { $number } is in the goal.
    }
speak-event-again = { $who ->
        [you] You throw again.
        [partner] Your partner { $name } throws again.
       *[seat] { $name } throws again.
    }
# The end: $winners the winning seats' colours ("Yellow and Black"); $you "yes" when the
# player the words are said to is among them, "no" when not, "none" when said to nobody.
speak-event-over = { $you ->
        [yes] Game over: you won ({ $winners }).
        [no] Game over: { $winners } won.
       *[none] Game over: { $winners } won.
    }
speak-event-over-plain = Game over.
speak-throw-none = Nobody has thrown yet.
# The increments still to spend: $list of values, a bonus written with term-bonus.
speak-to-spend = To spend: { $list }.
speak-bonus = +{ $value } bonus

## Commands a player types. Each list holds the phrases that mean one command, separated by
## "|", without the piece's number (it may stand anywhere: "threats 2", "what threatens my
## piece 2"). English phrases are understood in every language as well.

speak-phrases-where = where | wh | where are my pieces | my pieces | pieces | where are my tokens | my tokens | tokens | where are my pawns | my pawns | pawns
speak-phrases-board = board | b | describe the board | the board
speak-phrases-threats = threats | threat | th | what threatens my piece | what threatens piece | what threatens my token | what threatens token | what threatens my pawn | what threatens pawn | what threatens
speak-phrases-moves = moves | m | my moves | list moves | legal moves | what can i do
speak-phrases-why = why | y | why can't my piece move | why can't piece move | why cannot piece move | why can't my token move | why can't token move | why can't my pawn move | why can't pawn move | why can't it move
speak-phrases-throw = throw | last throw | the throw | what did i throw
speak-phrases-roll = t | roll | go
speak-phrases-pass = p | pass
speak-phrases-help = help | h | ? | commands
speak-phrases-save = s | save
speak-phrases-quit = q | quit | exit | leave

# The help, a line per command.
speak-help-title = Commands (type one and press Enter):
speak-help-number = a move's number: play that move
speak-help-roll = t or Enter: throw, when it is your turn to throw
speak-help-pass = p: pass, where the rules allow it
speak-help-moves = moves (m): your moves, numbered
speak-help-where = where (wh): where your { family-pieces } stand, which are safe, which are threatened
speak-help-board = board (b): every seat's { family-pieces }
speak-help-threats = threats N (th N): what threatens your { family-piece } N
speak-help-why = why N (y N): why your { family-piece } N cannot move
speak-help-throw = throw: the last throw, in words
speak-help-save = save (s): save the record
speak-help-quit = quit (q): leave the game (moves not saved are saved first)
speak-help-help = help (h): this list
speak-unknown = "{ $input }" is not a command here. Type a move's number, t to throw, or help for the commands.
speak-throw-first = It is your turn to throw: t or Enter throws.
