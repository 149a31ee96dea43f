# The terminal game's screens (`pachisi play`, `pachisi replay`): the status line, the panel's
# titles and lines, the keys, the windows over the board, the replay viewer and its analysis,
# and what the command prints around them. The signs the board draws (letters, x, C, (|), [5])
# are not words and stay as they are. The messages that speak of pieces are given $family, the
# family of the ruleset played, by which family-piece (common.ftl) names them.

## Who plays each seat, beside its corner and in the top line.

play-seat-you = you
play-seat-human = human { $number }
# $spec: the bot's spec as it was given (heuristic, mcts:playouts=300): not translated.
play-seat-bot = bot { $spec }

## The top line.

play-title-over = game over
# $doing: "throw" or "move"; $player: who plays the seat (play-seat-*), or nothing.
play-title-turn = { $player ->
        [none] {""}
       *[some] ({ $label }){" "}
    }{ $doing ->
        [throw] to throw
       *[move] to move
    }
# Where a seat whose pieces are all home throws for its partner (Chaupar): $finished that
# seat's colour. After "to throw" in the title line.
play-title-for-partner = for { $finished }, all home
play-title-replay = Replay of { $name } ·{" "}

## The board's corners and centre.

# $start: "nest" or "waiting"; $marks: the pieces as letters (YY, or - for none).
play-corner-start = { $start ->
        [nest] nest { $marks }
       *[waiting] waiting { $marks }
    }
play-corner-finished = { $goal ->
        [yes] goal { $marks }
       *[no] home { $marks }
    }
play-centre-charkoni = Charkoni
play-centre-home = Home

## The panel.

play-team = Team { $number }
# $goal: "yes" where pieces finish in the goal; $done of $total pieces finished.
play-team-finished = { $goal ->
        [yes] goal { $done }/{ $total }
       *[no] home { $done }/{ $total }
    }
play-team-place = finished { $place ->
        [1] 1st
        [2] 2nd
        [3] 3rd
       *[other] { $place }th
    }
play-throw-title = { $who }'s throw
play-throw-title-none = Throw
play-no-throw = No throw yet.
play-mouth-up = { $up } mouth up
play-dice-count = ({ $count } dice)
play-to-spend = To spend: { $list }
play-to-spend-nothing = To spend: nothing
play-section-moves = Moves
play-section-log = Log
play-section-analysis = Analysis
play-moves-throw = Enter: throw

## The status line.

play-welcome = Enter throws and plays the selected move. ? shows every key.
# $throw: the throw as written.
play-turn-passed = Turn passed: your { $throw } moved no { family-piece } (w says why).
play-status-threw = { $who } threw { $throw }
play-status-passed = { $who } passed
play-status-played = { $who } played { $move }
# $result: the result (speak-event-over).
play-status-over = { $result } Press s to save the record, q to leave.
play-over-keys = The game is over: s saves the record, q leaves.
play-no-move-number = no move { $number } to play
play-no-pass = the rules do not let you pass now
play-move-refused = that move cannot be played now
play-why-when = w explains your { family-pieces } while you choose a move
play-hint-when = a hint is for your move: throw first
play-hint-none = the bot { $spec } gives no winning chances
play-undone = Took back your last move.
play-undo-people = undo is for games against bots: with several people at the keyboard, a move stands
play-undo-over = the game is over: its result stands, and undo cannot take it back
play-undo-nothing = there is no move of yours to take back
play-saved = Saved the record to { $path }
# $error: what the system said, as it said it.
play-save-failed = Could not save: { $error }
play-cannot-write = cannot write { $path }: { $error }
play-board-arms = the terminal board draws four-armed crosses; this ruleset's board has { $arms } arms

## The keys line, and the keys in the help window (each key, then what it does).

play-keys = Enter go  ↑↓ choose  p pass  w why  h hint  u undo  s save  ? help  q quit
play-keys-title = Keys
play-key-go = Enter, space
play-key-go-does = throw; play the selected move
play-key-choose = ↑ ↓, k j
play-key-choose-does = select a move
play-key-number = 1-9
play-key-number-does = play the move with that number
play-key-click = click
play-key-click-piece-does = a { family-piece }: select its move; again: the next
play-key-click-square-does = the green square: play the move
play-key-pass = p
play-key-pass-does = pass, where the rules allow it
play-key-why = w
play-key-why-does = why your { family-pieces } cannot move
play-key-hint = h
play-key-hint-does = hint: the moves ranked with winning chances
play-key-undo = u
play-key-undo-does = undo your last move (against bots)
play-key-save = s
play-key-save-does = save the record
play-key-log = PgUp PgDn
play-key-log-does = scroll the log
play-key-quit = q, Esc
play-key-quit-does = leave (asks if moves are unsaved)
play-key-interrupt = Ctrl-C
play-key-interrupt-does = leave at once, saving unsaved moves

## The windows over the board.

play-hint-title = Hint: the moves, best first
play-hint-footer = Chances that your side wins. Enter plays the first; any other key closes.
play-why-title = Why { family-pieces } cannot move
play-why-passed = You threw { $throw }, and your turn passed:
play-why-all-can = Every { family-piece } you have on its way can move.
play-why-all-can-enter = None of your { family-pieces } is on the board yet, and every one waiting can come in with this throw.
play-any-key = Any key closes.
play-quit-title = Leave the game?
play-quit-unsaved = The game has moves that are not saved.
play-quit-save = s  save the record and leave
play-quit-leave = y  leave without saving
play-quit-back = any other key: go back to the game

## A window too small for the board.

play-too-small = The window is too small for the board.
play-too-small-size = It is { $width }×{ $height }; the board needs at least { $min-width }×{ $min-height }.
play-too-small-what = Enlarge the window or make the font smaller; q leaves (unsaved moves are saved).

## The replay viewer.

play-replay-action = Action { $at } of { $count }
play-replay-over = the game is over
play-replay-running = the analysis is running
play-replay-analysed = the game is analysed: s sums it up, c draws the graph
play-replay-wait = wait for the analysis to finish
play-replay-analyse-first = a analyses the game first
play-replay-no-marked-after = no marked move after this one
play-replay-no-marked-before = no marked move before this one
play-replay-analysing = analysing…
play-replay-progress = analysing: { $done } of { $total } positions
play-replay-failed = no analysis: { $error }
play-replay-keys = → ← one action  ↓ ↑ one turn  Home End  a analyse  ? help  q quit
play-replay-keys-analysed = → ← action  ↓ ↑ turn  n N marked move  c graph  s summary  ? help  q quit
play-replay-key-next = → l space
play-replay-key-next-does = the next action (a throw or a move)
play-replay-key-back = ← h
play-replay-key-back-does = the action before
play-replay-key-turn = ↓ j PgDn
play-replay-key-turn-does = the end of the next turn
play-replay-key-turn-back = ↑ k PgUp
play-replay-key-turn-back-does = the end of the turn before
play-replay-key-start = Home g
play-replay-key-start-does = the start
play-replay-key-end = End G
play-replay-key-end-does = the end
play-replay-key-analyse = a
play-replay-key-analyse-does = analyse the game: every move graded, every throw's luck
play-replay-key-marked = n ]
play-replay-key-marked-does = the next marked move (?! inaccuracy, ? mistake, ?? blunder)
play-replay-key-marked-back = N [
play-replay-key-marked-back-does = the marked move before
play-replay-key-graph = c
play-replay-key-graph-does = the graph of every side's winning chance; c again closes it
play-replay-key-summary = s
play-replay-key-summary-does = the analysis summed up per seat (and team)
play-replay-key-quit = q Esc
play-replay-key-quit-does = leave (Esc closes the graph first)

## The analysis in the replay viewer. Chances and losses are given as numbers already written
## ($chance "53.9%", $loss "3.0").

play-analysis-start = The start: step on to grade each action.
play-analysis-marked = Marked moves:{" "}
play-analysis-next = n and N go to the next and previous one.
play-analysis-played = played
play-analysis-best = best
play-analysis-best-played = best the move played
play-analysis-loss = loss { $loss } points
play-analysis-inaccuracy = an inaccuracy
play-analysis-mistake = a mistake
play-analysis-blunder = a blunder
play-analysis-forced = forced: every legal move leads to the same position, so it is not graded
play-analysis-threw = threw ({ $throw })  luck{" "}
play-analysis-luck = { $luck } points
play-analysis-chance = chance { $before } expected, { $after } after
play-analysis-by = By { $evaluator }. Losses and luck in points of winning chance.
play-analysis-choices = choices
play-analysis-average-loss = avg loss
play-analysis-throws = throws
play-analysis-luck-column = luck
play-analysis-forced-count = { $count ->
        [one] One move had no choice. Any key closes.
       *[other] { $count } moves had no choice. Any key closes.
    }
play-analysis-chances = Winning chances
play-analysis-failed-start = cannot start the analysis: { $error }
play-analysis-no-result = the analysis ended without a result

## The game in lines, for a screen reader (`pachisi play --screen-reader`). $who and $name as
## in speak.ftl: "you" when one person plays, else the seat to play by its colour.

lines-intro = { $ruleset }. Type help for the commands; a move's number plays it.
# $seat: speak-seat-heading; $player: play-seat-*.
lines-seat = { $seat }: { $player }.
# Said before the prompt where a seat whose pieces are all home throws for its partner
# (Chaupar): $finished that seat's colour.
lines-for-partner = Every piece of { $finished } is home: this is { $finished }'s turn, played by the partner.
lines-prompt-throw = { $who ->
        [seat] { $name }'s turn: t or Enter throws.
       *[you] Your turn: t or Enter throws.
    }
lines-prompt-move = { $who ->
        [seat] { $name }'s move: type its number, or a command.
       *[you] Your move: type its number, or a command.
    }
lines-moves = { $who ->
        [seat] { $name }'s moves:
       *[you] Your moves:
    }
lines-no-move = There is no move { $number }: the moves are 1 to { $count }.
lines-not-now = You have thrown already: choose a move by its number.
lines-saved = The record is saved in { $path }.
lines-save-failed = The record could not be saved: { $error }
lines-input-ended = the input ended before the game did
lines-input-ended-saved = the input ended before the game did; the moves so far are saved in { $path }
lines-left = You left the game.

## What the command prints.

play-needs-terminal = the game needs a terminal: run it in a terminal window, not with its input or output redirected (--screen-reader plays it in lines of text instead)
play-record-saved = The record is saved in { $path }; `{ $command }` steps through it.
play-record-not-saved = The game was not saved (seed { $seed }).
# --lang named a language with no catalogue: $tag as given.
play-language-unknown = There are no messages in the language "{ $tag }": the game speaks English.
