# Words every part of the game shares: the colours of the seats, the pieces, counting.
#
# Hindi: a colour is put into sentences as a value and cannot change its form, so every message
# that takes a colour ($colour, $owner, $who) keeps it in the plain (direct) form: as a subject,
# in a list, or as a label after a colon or in brackets. Never "{ $owner } की ...": Hindi would
# need पीले, हरे, काले, नीले there.

colour-yellow = पीला
colour-green = हरा
colour-black = काला
colour-red = लाल
colour-blue = नीला

# A count of pieces. Pachisi's rule books say "piece"; Parcheesi's "pawn"; Ludo's "token".
# Hindi players call all three गोटी, so one word serves every family.
# Hindi's plural category "one" holds 0 as well as 1: 0 has its own variant.
pieces = { $count ->
    [0] कोई गोटी नहीं
    [one] एक गोटी
   *[other] { $count } गोटियाँ
}
squares = { $count ->
    [0] कोई खाना नहीं
    [one] एक खाना
   *[other] { $count } खाने
}
colour-orange = नारंगी
colour-white = सफ़ेद

# The language's own name, in its own script, as the language chooser lists it.
language-name = हिन्दी
