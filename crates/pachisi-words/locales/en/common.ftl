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

# The word for a piece in the family of the ruleset played, for every message that speaks of
# pieces: $family is pachisi (Pachisi's rule books say "piece"), parcheesi ("pawn") or ludo
# ("token", also for Mensch ärgere dich nicht). The -capital forms begin a sentence.
family-piece = { $family ->
    [parcheesi] pawn
    [ludo] token
   *[other] piece
}
family-pieces = { $family ->
    [parcheesi] pawns
    [ludo] tokens
   *[other] pieces
}
family-piece-capital = { $family ->
    [parcheesi] Pawn
    [ludo] Token
   *[other] Piece
}
family-pieces-capital = { $family ->
    [parcheesi] Pawns
    [ludo] Tokens
   *[other] Pieces
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
