# How to play a ruleset, in plain words, made from the ruleset itself
# (`pachisi rules explain NAME`, the page /rules/NAME and the descriptions of /api/rulesets).
#
# Values the messages take:
#   $start      charkoni (pieces wait in the Charkoni) or nest (in a nest beside the board)
#   $direction  counterclockwise or clockwise
#   $goal       home (pieces finish in the centre) or lane (in their own lane)
#   $values, $graces, $places   numbers already made into a list ("6, 10 or 25")
#   $family     the ruleset's family, given to every message: family-piece (common.ftl) names
#               the pieces by it (Pachisi's pieces, Parcheesi's pawns, Ludo's tokens)
# Never name a ruleset's fields or the codes of its documents here: players read these.

explain-title = How to play { $title }

## Lists

list-comma = {", "}
list-or = { $head } or { $last }
list-and = { $head } and { $last }
list-against = {" against "}

## Chances

chance-fraction = { $num } in { $den } ({ $percent }%)
chance-percent = { $percent }%
chance-certain = always

## Where the rules come from

source-line = These rules follow { $source }.
source-article = the article “Pachisi. Ancestor of Ludo”
source-humphries = E. De M. Humphries' record of village play at Karwi, 1904
source-herklots = Herklots' record of the game, 1832
source-parcheesi = the “Parcheesi Composite Rules and Instructions”
source-parcheesi-sr = the Selchow & Righter edition of Parcheesi, as the “Parcheesi Composite Rules and Instructions” describe it
source-parcheesi-pb = the Parker Bros. edition of Parcheesi, as the “Parcheesi Composite Rules and Instructions” describe it
source-parcheesi-mb = Milton Bradley's India before 1988, as the “Parcheesi Composite Rules and Instructions” describe it
source-parcheesi-tr = Transogram's India and Pa-Chiz-Si, as the “Parcheesi Composite Rules and Instructions” describe them
source-encyclopedia = an encyclopedia's account of how Pachisi is played
source-ludo = the rules of Ludo as they are commonly printed
source-openspiel = Mensch ärgere dich nicht as the OpenSpiel game library plays it
source-ludopy = Ludo as the Python package LUDOpy 1.5.0 plays it
source-abul-fazl = Abu'l Fazl's Ain-i-Akbari, 1590
source-snouck-hurgronje = C. Snouck Hurgronje's The Achehnese, 1906
source-parker = H. Parker's Ancient Ceylon, 1909
source-bell = R. C. Bell's Board and Table Games from Many Civilizations, 1960
source-falkener = E. Falkener's Games Ancient and Oriental, 1892
source-vasantha = Vasantha's account of Pagade Kayi Ata, 2006

## The summary on the new-game form

device-cowries = { $count } cowrie shells
device-dice = { $count ->
    [one] one die
    [2] two dice
    [3] three dice
    [4] four dice
   *[other] { $count } dice
}
summary-who = { $seats } players { $teams ->
    [0] each on their own
   *[other] in { $teams } teams of partners
}, { $pieces ->
    [one] one { family-piece }
   *[other] { $pieces } { family-pieces }
} each, { $device }.
summary-enter-grace = A { family-piece } comes in with a { $graces } and travels { $route } squares round the board { $goal ->
    [lane] into its goal squares
   *[home] { $start ->
        [nest] to home
       *[charkoni] to the Charkoni
    }
}.
summary-enter-free = A { family-piece } leaves the Charkoni with any throw and travels { $route } squares round the board and back.
summary-enter-board = Every { family-piece } begins on the board and travels round it to the Charkoni.
summary-source = The rules follow { $source }.

## Section headings

section-players = Players
section-throw = The throw
section-turn = A turn
section-doublets = Doublets
section-entry = Coming into play
section-route = The route
section-castles = Castles and safe squares
section-captures = Captures
section-moving = Moving
section-end = The end of the game

## Players

players-count = { $seats } players { $teams ->
    [0] each playing on their own
   *[other] in { $teams } teams of partners
}, with { $pieces ->
    [one] one { family-piece }
   *[other] { $pieces } { family-pieces }
} each.
players-teams = Partners win or lose together: { $teams }.
players-order = Turns pass in this order: { $order }.
players-first-seat = { $colour } begins.
players-first-throw = To decide who begins, everyone throws once; the highest throw begins, and those tied for it throw again.

## The throw

throw-cowries = A throw is { $count } cowrie shells cast together; what counts is how many land with the mouth up.
throw-cowries-uneven = Each shell lands mouth up { $percent }% of the time, so the chances below follow that.
throw-dice = { $count ->
    [one] A throw is one die.
    [2] A throw is two dice.
    [3] A throw is three dice.
    [4] A throw is four dice.
   *[other] A throw is { $count } dice.
}
throw-faces = Each die shows { $faces }.
# $count: the number of dice, two or more.
throw-separate = Each die counts on its own: { $count ->
    [2] the two numbers are two separate moves.
    [3] the three numbers are three separate moves.
   *[other] the { $count } numbers are { $count } separate moves.
}
throw-total = The dice count their total.
throw-named-pairs = The dice count their total, but a throw is also known by the two numbers it shows: two throws of one total may do different things.
pair-words = { $first } and { $second }
table-pair = Dice
does-nothing = moves nothing
throw-graces = A { $values } is a grace: it may bring a { family-piece } { $start ->
    [nest] in from the nest
   *[charkoni] out of the Charkoni
}.
throw-first-entry = A player's first { family-piece } can only come in with a { $values }.
throw-again = A { $values } earns another throw.
throw-again-not-first-turn = In a player's first turn it does not.
throw-needs-piece = A { $values } counts for nothing while the player has no { family-piece } on the board.
throw-bonus-step = A { $values } also gives one extra square, moved by any { family-piece } as a move of its own{ $all ->
    [yes] , once all of the player's { family-pieces } are in play
   *[no] {""}
}.
throw-bonus-step-enters = A { $values } also gives one extra square, as a move of its own: it must bring a waiting { family-piece } { $start ->
    [nest] in from the nest
   *[charkoni] out of the Charkoni onto the first square of its lane
} where one can come, and only where none can does it move any { family-piece } one square.
throw-enter-chance = The chance that a throw can bring a { family-piece } in is { $chance }.
table-cowries = Every throw of the shells
table-dice = Every throw of the dice
table-one-die = Each die
table-mouths-up = Shells mouth up
table-value = Throw
table-number = Number
table-chance = Chance
table-does = What it does
does-enter = brings a { family-piece } in
does-enter-later = brings a { family-piece } in once the first is in
does-again = earns another throw
does-bonus-step = adds one square
does-needs-piece = counts only with a { family-piece } on the board

## A turn

turn-each-throw = Each throw is moved before the next throw is made.
turn-after-throwing = A player first makes all the throws of the turn, then moves them in any order they like.
turn-three-void-third = When the same throw comes three times in a row, the third does not count and the throwing ends.
turn-three-void-streak = When the same throw comes three times in a row, all three are struck out and the throwing ends.
turn-three-cancel = When the same throw comes three times in a row, the whole turn is lost: none of its throws is moved.
turn-streak-group = For this, { $values } count as the same throw.
turn-opening = A player's throws count for nothing until they have thrown a { $values }.
turn-first-throws = In a player's first turn, while all their { family-pieces } still wait, a throw that brings none in is followed by another, up to { $count } throws in all.
# $count: the most throws a turn holds.
turn-max-throws = A turn holds at most { $count ->
    [one] one throw
   *[other] { $count } throws
}, even when a throw earns another.
turn-partner-throws = A player whose { family-pieces } have all finished keeps their turns and throws for their partner, whose { family-pieces } move by those throws.
turn-unusable = A throw that no { family-piece } can use is lost.

## Doublets

doublets-what = { $dice ->
    [two] A doublet is a throw of two dice alike.
   *[one] With one die, a { $face } counts as a doublet.
}
doublets-chance = The chance of a doublet is { $chance }.
doublets-again = A doublet earns another throw.
doublets-again-if-used = A doublet earns another throw, but only if all of it could be moved.
doublets-undersides = { $dice ->
    [two] A doublet also gives the numbers on the undersides of the dice (seven less each number on top): 14 squares in all, as four moves.
   *[one] A doublet also gives the number on the underside of the die: 7 squares in all.
}
doublets-undersides-entered = { $dice ->
    [two] Once none of the player's { family-pieces } waits to come in, a doublet also gives the numbers on the undersides of the dice (seven less each number on top): 14 squares in all, as four moves.
   *[one] Once none of the player's { family-pieces } waits to come in, a doublet also gives the number on the underside of the die: 7 squares in all.
}
doublets-all-or-nothing = If they cannot all be moved, none of them is.
doublets-fourteen-two = The 14 squares may be shared out as the player likes between at most two { family-pieces }.
doublets-fourteen-any = The 14 squares may be shared out as the player likes among any of the player's { family-pieces }.
doublets-finish-fourteen = A doublet brings a { family-piece } home only when that { family-piece } is exactly 14 squares from home and the whole 14 takes it there.
doublets-third-none = Doublets earn throws without limit.
doublets-third-void = A third doublet in one turn gives no movement and ends the turn.
doublets-third-send-back = A third doublet in one turn is not moved: the player's { family-piece } closest to home goes back to the nest, and the turn ends.

## Coming into play

entry-start = { $start ->
    [nest] Every { family-piece } starts in its player's nest beside the board.
   *[charkoni] Every { family-piece } starts in the Charkoni, the large square in the middle of the board.
}
# Where pieces begin when some begin on the board: $groups, the groups of a player's pieces
# (start-group) made into a list; $all, yes where every piece begins on the board, no where the
# others wait.
entry-start-board = { $all ->
    [yes] Every { family-piece } begins on the board: { $groups }.
   *[no] Some { family-pieces } begin on the board: { $groups }. The others start { $start ->
        [nest] in their player's nest beside the board.
       *[charkoni] in the Charkoni, the large square in the middle of the board.
    }
}
# A group of a player's pieces that begin on the board: $count, how many; $all, yes where they
# are all of the player's pieces; $each, how many stand on each of its squares where there are
# several (1 where there is one square, or one piece a square); $at, the squares (start-squares).
start-group = { $all ->
    [yes] { $count ->
        [2] both
        [3] all three
        [4] all four
       *[other] all { $count }
    }
   *[no] { $count ->
        [1] one
        [2] two
        [3] three
        [4] four
       *[other] { $count }
    }
} on { $at }{ $each ->
    [1] {""}
    [2] , two on each
    [3] , three on each
   *[other] , { $each } on each
}
# The squares of a group of pieces that begin on the board (start-group). $where: lane (squares
# of the player's own lane, counted from the Charkoni), end (the end square of its arm),
# past-end (squares past the end square of its arm, counted from it) or route (squares of its
# route, counted from its first); $places, their ordinals made into a list (square-ordinal:
# "sixth and seventh"), or for route their numbers ("21 and 22"); $squares, how many squares.
start-squares = { $where ->
    [end] the end square of its arm
    [past-end] the { $places } { $squares ->
        [one] square
       *[other] squares
    } past the end square of its arm
    [route] { $squares ->
        [one] square
       *[other] squares
    } { $places } of its route
   *[lane] the { $places } { $squares ->
        [one] square
       *[other] squares
    } of its lane
}
# A square's place in a row of squares, before the word "square": $place, from 1.
square-ordinal = { $place ->
    [1] first
    [2] second
    [3] third
    [4] fourth
    [5] fifth
    [6] sixth
    [7] seventh
    [8] eighth
    [9] ninth
    [10] tenth
    [11] eleventh
    [12] twelfth
   *[other] { $place }th
}
entry-none-waits = No { family-piece } ever waits to come in: a captured { family-piece } goes straight back onto the board.
entry-grace = { $start ->
    [nest] A { family-piece } comes in only with a { $graces }, onto its player's entry square on the track, { $offset ->
        [0] the end square of its own arm
        [one] one square past the end of its own arm
       *[other] { $offset } squares past the end of its own arm
    }; the number is used up by coming in.
   *[charkoni] A { family-piece } comes out only with a grace, onto the first square of its lane, the middle column of its own arm.
}
entry-free = { $start ->
    [nest] A { family-piece } comes in with any throw, that many squares along from its entry square.
   *[charkoni] A { family-piece } comes out with any throw, as any move: a throw of 3 takes it to the third square of its lane, the middle column of its own arm.
}
entry-first-free = A player's first { family-piece } comes out with any throw, moving that many squares; the others need a grace.
entry-sum = Two dice that add up to { $graces } bring a { family-piece } in too.
entry-must = A { family-piece } must come in whenever one can.
entry-grace-only = While a { family-piece } waits to come in, a die showing { $graces } may only bring a { family-piece } in; if none can come in, that number is lost.
entry-clear = While a { family-piece } waits to come in, a { family-piece } standing on the entry square must move off it first, whenever it can.
entry-captures = A { family-piece } coming in captures a lone opponent's { family-piece } on its entry square, even though that square is safe.

## The route

route-board = The board is a cross of { $arms } arms, each three columns of { $length } squares. The outer columns and the end squares of the arms make a track of { $track } squares that everyone shares; the middle column of each arm is its owner's own lane.
route-one-corner = Only one square of the track touches each corner of the centre.
route-path = { $start ->
    [nest] A { family-piece } goes from its entry square { $direction ->
        [clockwise] clockwise
       *[counterclockwise] counter-clockwise
    } round the track to the end square of its own arm, then up the middle column of that arm, { $goal ->
        [lane] into its { $lane } goal squares: { $route } squares in all.
       *[home] its home column of { $lane } squares, and into home in the centre: { $route } squares, and home is the step after the last.
    }
   *[charkoni] A { family-piece } goes out of the Charkoni down the middle column of its own arm, { $direction ->
        [clockwise] clockwise
       *[counterclockwise] counter-clockwise
    } once round the whole track, and back up the same middle column into the Charkoni: { $route } squares, and the Charkoni is the step after the last.
}
route-goal-lane = A { family-piece } in its goal squares has finished, but it may still move on within them by exact throws, jumping over others.
route-round-again = A { family-piece } that comes back to the end square of its own arm may go round the track once more instead of turning home.
route-exact = A { family-piece } reaches { $start ->
    [nest] home
   *[charkoni] the Charkoni
} only with an exact throw.
# $count: how many of the partners' pieces must have gone past the player's arm.
route-home-gate = A player's { family-pieces } may come round to the end of their own arm again, to turn for home, only once { $count ->
    [one] one of their partner's { family-pieces } has
   *[other] { $count } of their partner's { family-pieces } have
} gone past that arm; until then they wait on the squares before it.
route-bounce-excess = A { family-piece } reaches { $start ->
    [nest] home
   *[charkoni] the Charkoni
} only with an exact throw; a throw too long takes it there and back again by the squares left over.
route-bounce-throw = A { family-piece } reaches { $start ->
    [nest] home
   *[charkoni] the Charkoni
} only with an exact throw; with a throw too long, the { family-piece } stops as many squares short of home as the throw shows.
route-stars = Stars stand { $places } squares past each entry square: a { family-piece } that ends its move on a star jumps on to the next star of its route, capturing on both squares.
route-last-star-home = The last star before the home column takes a { family-piece } straight home.

## The figure of the route

figure-title = The route of { $colour }'s { family-pieces } on the board
# $start may also be board here: every piece begins on the board, partway along the route.
figure-caption = The route of { $colour }'s { family-pieces }. { $start ->
    [nest] They start at the ring, on the entry square,
    [board] They begin on the board, partway along the route that starts at the ring, in the Charkoni,
   *[charkoni] They start at the ring, in the Charkoni,
} and go { $direction ->
    [clockwise] clockwise
   *[counterclockwise] counter-clockwise
}, the way the arrows point, to the dot{ $goal ->
    [lane] , the last of their goal squares
   *[home] {""}
}. Castles and safe squares are crossed.

## Castles and safe squares

castles-cross = There are { $count } castles, each marked with a cross: the end square of every arm, and on both outer columns of every arm the square { $row } rows out from the centre.
castles-outer-rows = There are { $count } castles, each marked with a cross: on both outer columns of every arm, the square { $row } rows out from the centre. The end squares are not castles.
castles-entry = Every player's entry square is a safe square ({ $count } in all).
castles-entry-star = Every entry square is a safe square, and so is the square { $distance } squares past each ({ $count } in all).
castles-none = { $start ->
    [nest] There are no safe squares: a { family-piece } can be captured anywhere on the track, even on its own entry square.
   *[charkoni] There are no castles: a { family-piece } can be captured on any square of the track.
}
castles-closed = A { family-piece } on a castle cannot be captured, and no { family-piece } may stop on a castle where an opponent's { family-piece } stands.
castles-shared = { family-pieces-capital } of any player may share a safe square, and no { family-piece } is captured there.
castles-send-back = A { family-piece } may land on a safe square where an opponent's { family-piece } stands, but it goes back to { $start ->
    [nest] its nest
   *[charkoni] the Charkoni
} instead of staying; on an entry square, only the { family-pieces } of that square's own player send it back.
castles-held-loses-turn = If a throw could only carry a { family-piece } onto a castle an opponent holds, the whole turn is lost.
castles-carry-on = A die may put a { family-piece } on a castle an opponent holds when the other die of the same throw carries it on at once.

## Captures

capture-basic = A { family-piece } that ends its move where an opponent's { family-pieces } stand alone captures them: they go back to { $start ->
    [nest] their nest
   *[charkoni] the Charkoni
} and must come in again.
# $place: the square of their own lane the captured pieces go back to (square-ordinal: "sixth").
capture-basic-square = A { family-piece } that ends its move where an opponent's { family-pieces } stand alone captures them: they go back to the { $place } square of their own lane and set out from there again.
capture-safe-pair = Two or more { family-pieces } of one player on a square are safe: they cannot be captured, and an opponent's { family-piece } may land beside them and share the square.
capture-partners = Partners never capture each other.
capture-anywhere = Captures can happen on any square of the track.
capture-pairs = Only a pair can capture a pair.
capture-crowd = A single { family-piece } that lands on two or more { family-pieces } of one opponent goes back to { $start ->
    [nest] its nest
   *[charkoni] the Charkoni
} instead.
capture-overtake = Passing a lone opponent's { family-piece } off the castles captures it too.
capture-again = A capture earns another throw.
capture-bonus = A capture earns { $count } extra squares, for one { family-piece } to move all at once or not at all.
capture-before-home = A player must have captured at least once before any of their { family-pieces } may reach { $start ->
    [nest] home
   *[charkoni] the Charkoni
}.
capture-invalidation = A capture is struck out if the capturing { family-piece } is itself captured on that square by the victim's side before its player's next turn.

## Moving

moving-pass = A player may always choose not to move, and give up the rest of the throw.
moving-no-pass = A player must move whenever a { family-piece } can.
moving-split = One throw may be shared between several { family-pieces }.
# $count: the number of dice, two or more.
moving-each-die = Each die's number moves one { family-piece }; { $count ->
    [2] the two may move the same { family-piece } or two.
    [3] the three may move the same { family-piece }, two { family-pieces } or three.
   *[other] they may move the same { family-piece } or different { family-pieces }.
}
moving-whole = Each throw moves one { family-piece } by its whole value.
moving-most = As many of the throw's numbers as possible must be used; the player chooses which.
moving-all-or-nothing = Every number of the throw must be used, or the whole throw is lost.
moving-pairs = Two of a player's { family-pieces } on one square may move together as a pair; a pair moves half the throw.
moving-pair-parts = A pair may be split up only on a castle.
moving-pair-parts-next-turn = A pair may be split up only on a castle, from the turn after the one in which it got there.
moving-stack-any = Any number of { family-pieces } may stand on one square.
moving-stack-one = A { family-piece } may not stop on a square where another { family-piece } of its own player stands.
moving-stack = At most { $count } { family-pieces } of one player may stand on one square.
moving-blockades = Two { family-pieces } of one player on a square form a blockade: no { family-piece } may pass it or land on it, and the two may not move on together with one throw.
moving-stop-behind = A move that would pass a blockade stops on the square behind it, and the rest of that number is lost.

## The end of the game

end-home = A { family-piece } has finished when it reaches { $start ->
    [nest] home
   *[charkoni] the Charkoni
}.
end-again = Bringing a { family-piece } home earns another throw.
end-bonus = Bringing a { family-piece } home earns { $count } extra squares for another { family-piece }, to move all at once or not at all.
end-winner = { $teams ->
    [0] The first player to finish with all their { family-pieces } wins, and the game ends.
   *[other] The first team to finish with all the { family-pieces } of its partners wins, and the game ends.
}
end-all = { $teams ->
    [0] Play goes on until every place is decided: the first player to finish with all their { family-pieces } is first, the next second, and so on.
   *[other] Play goes on until every place is decided.
}

## The page /rules/NAME of `pachisi serve`

page-back = ← Back to the game
page-unknown-title = No such rules
page-unknown = There are no rules called “{ $name }” here. These are the rules there are:
