# Words every part of the game shares: the colours of the seats, the pieces, counting.

colour-yellow = Yellow
colour-green = Green
colour-black = Black
colour-red = Red
colour-blue = Blue

# A count of pieces. Pachisi's rule books say "piece"; Parcheesi's "pawn"; Ludo's "token".
# One word per family of rulesets, chosen by the ruleset's family.
pieces = { $count ->
    [one] one piece
   *[other] { $count } pieces
}
squares = { $count ->
    [one] one square
   *[other] { $count } squares
}
colour-orange = Orange
colour-white = White

# The language's own name, in its own script, as the language chooser lists it.
language-name = English

## A ruleset's title, wherever a game is named (the page, the terminal).

# $name: the ruleset's name (pachisi, ludo, parcheesi-sr, ...); $title: the title the ruleset
# gives itself, in English, said where a language has no title of its own for the ruleset.
ruleset-title = { $title }
