# The terminal game (`pachisi play`): the legend that says what the board shows, and the moves
# in words, in the list to choose from and in the log. Every message is given $family, the family
# of the ruleset played, by which family-piece (common.ftl) names the pieces: Pachisi's pieces,
# Parcheesi's pawns, Ludo's tokens.

## The legend. Each line follows the sign the board draws ("x", "C", "(|)"), which is not
## translated: it is what the screen shows.

term-legend-title = What the board shows
term-legend-more = ? again: the keys
term-legend-keys-more = ? again: what the board shows
# $shells: how many cowries are thrown.
term-legend-shells = { $shells } cowrie shells are thrown: (|) fell mouth up, ( ) mouth down. How many fell mouth up gives the throw's value:
# One line of the value table. $up: shells mouth up; $value: the throw's value; $grace and
# $again: "yes" when the throw brings a piece in, and when it earns another throw.
term-legend-shell-value = { $up ->
        [0] none up
        [one] one up
       *[other] { $up } up
    }: { $value }{ $grace ->
        [yes] , a grace
       *[no] {""}
    }{ $again ->
        [yes] , throw again
       *[no] {""}
    }
term-legend-grace = A grace may bring a { family-piece } in.
# $kind: "one" (one die), "sum" (dice counted together), "separate" (each die on its own).
term-legend-dice = { $kind ->
        [one] the die as it fell: its number is how many squares a { family-piece } moves.
        [sum] the dice as they fell: their total is how many squares a { family-piece } moves.
       *[separate] the dice as they fell: each die's number is spent on its own, by one { family-piece } or two.
    }
# $rule: what a castle does under the rules ("closed", "shared", "send-back").
term-legend-castle = { $rule ->
        [closed] a castle: a safe square, where no { family-piece } is captured; no { family-piece } may stop on one an opponent holds.
        [shared] a safe square: no { family-piece } is captured there, and { family-pieces } of every colour may share it.
       *[send-back] a safe square: a { family-piece } that lands there on an opponent's goes back to its start instead.
    }
term-legend-charkoni = the Charkoni, the centre: { family-pieces } start there and finish there.
term-legend-home = the centre: { family-pieces } finish there. They wait in the nest, in their corner, until a throw brings them in.
term-legend-goal = the centre. { family-pieces-capital } finish in the goal, the last squares of their own arm's middle row; they wait in the nest, in their corner, until a throw brings them in.
term-legend-route-sign = route
# $start: "charkoni" or "nest"; $entry: "own" when pieces come in on their own arm;
# $direction: "clockwise" or "counterclockwise"; $finish: "charkoni", "home" or "goal".
term-legend-route = { $start ->
        [charkoni] down your own arm's middle row
       *[nest] { $entry ->
            [own] from your nest onto your own arm
           *[other] from your nest onto the board
        }
    }, round the board { $direction ->
        [clockwise] clockwise
       *[counterclockwise] counter-clockwise
    }, { $finish ->
        [charkoni] back up the middle row to the Charkoni.
        [goal] up your own arm's middle row into the goal.
       *[home] up your own arm's middle row to Home.
    }
# $example: a seat's letter and 3 ("Y3").
term-legend-pieces = the { family-pieces }, by the letter of their seat; { $example }: three { family-pieces } on one square.
term-legend-highlight = blue: the squares of the last move; green: those of the move you have selected.

# The short legend, where the window leaves only a few lines under the board.
term-legend-short-castle = castle, safe
term-legend-short-shells = shell mouth up
term-legend-short-dice = the dice
term-legend-short-charkoni = Charkoni: start, finish
term-legend-short-home = the centre: finish
term-legend-short-more = more

## Moves in words. A piece is named by where it stands among the mover's pieces on the board.

# $rank: "only", "front", "second", "third", "back", or "other" with $number (from the front).
term-piece = { $rank ->
        [only] your { family-piece }
        [front] your front { family-piece }
        [second] your second { family-piece }
        [third] your third { family-piece }
        [back] your back { family-piece }
       *[other] your { family-piece } number { $number }
    }
term-pair = { $rank ->
        [only] your pair
        [front] your front pair
        [second] your second pair
        [third] your third pair
        [back] your back pair
       *[other] your pair number { $number }
    }
# Where a square is. $kind: "lane" (the mover's own middle row), "own" (the mover's own arm),
# "seat" (the arm of the seat $owner), "seat-lane" (the lane of the seat $owner, said in the
# log), "side" (an arm no seat sits at, by $side on the screen).
term-where = { $kind ->
        [lane] in your lane
        [own] on your arm
        [seat] on { $owner }'s arm
        [seat-lane] in { $owner }'s lane
       *[side] on the { $side ->
            [bottom] bottom
            [right] right
            [top] top
           *[left] left
        } arm
    }
# Where a move ends, when that is news: $where is one of the places above.
term-to-castle = , to the castle { $where }
term-to-region = , now { $where }
term-to-charkoni = , home to the Charkoni
term-to-home = , home
term-to-goal = , into the goal
term-round-again = , going round again
# A part of a throw spent: $steps of the $value.
term-part = , { $steps } of the { $value }
# $victims: who is sent back, made of term-victim joined by term-and.
term-capturing = , capturing { $victims }
term-victim = { $owner }'s { $count ->
        [one] { family-piece }
       *[other] { $count } { family-pieces }
    }
term-and = { $first } and { $second }

# The move list (present) and the sentence under it.
term-move-pass = Pass
term-move-pass-full = Pass: give up the rest of the throw.
term-move-enter = Bring a { family-piece } in with the { $value }
term-move-enter-sum = Bring a { family-piece } in with { $first } and { $second }
# $piece: a term-piece or term-pair; $count: squares.
term-move-advance = Move { $piece } { $count ->
        [one] one square
       *[other] { $count } squares
    }
# The place of the piece that moves, in the sentence: "your front piece in your lane".
term-piece-at = { $piece } { $where }
term-sentence = { $text }.

# The log (past). $who: the seat's colour; $throw: the throw as it is written.
term-log-threw = { $who } threw { $throw }.
term-log-threw-then = { $who } threw { $throw }:
term-log-no-move = { $who } threw { $throw }: no move
# Turns that were only a pass, folded into one line: $list of "Green (3)" joined by commas.
term-log-no-moves = No move for { $list }
term-log-seat-throw = { $who } ({ $throw })
term-did-pass = passed
term-did-enter = brought a { family-piece } in
term-did-advance = moved { $pair ->
        [yes] a pair
       *[no] a { family-piece }
    } { $count ->
        [one] one square
       *[other] { $count } squares
    }

# The status line after a move: $did is a move of the log, $tag its notation.
term-status-moved = { $who } { $did } ({ $tag })
