# Words every part of the game shares: the colours of the seats, the pieces, counting.
#
# Tamil: the colour names stand alone as the names of the seats ("மஞ்சள் முதலில் ஆடும்") and, put
# into other messages by the program, before a noun without a case ending ("பச்சை கிளையில்").

colour-yellow = மஞ்சள்
colour-green = பச்சை
colour-black = கருப்பு
colour-red = சிவப்பு
colour-blue = நீலம்

# A count of pieces. Pachisi's rule books say "piece"; Parcheesi's "pawn"; Ludo's "token".
# Tamil players call all of them காய், so one word serves every family of rulesets.
pieces = { $count ->
    [one] ஒரு காய்
   *[other] { $count } காய்கள்
}
squares = { $count ->
    [one] ஒரு கட்டம்
   *[other] { $count } கட்டங்கள்
}
colour-orange = ஆரஞ்சு
colour-white = வெள்ளை

# The language's own name, in its own script, as the language chooser lists it.
language-name = தமிழ்
