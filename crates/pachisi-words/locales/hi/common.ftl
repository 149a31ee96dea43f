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

# The word for a piece in the family of the ruleset played ($family: pachisi, parcheesi or
# ludo), which English says piece, pawn or token. Hindi says गोटी in every family.
family-piece = गोटी
family-pieces = गोटियाँ
family-piece-capital = गोटी
family-pieces-capital = गोटियाँ
squares = { $count ->
    [0] कोई खाना नहीं
    [one] एक खाना
   *[other] { $count } खाने
}
colour-orange = नारंगी
colour-white = सफ़ेद

# The language's own name, in its own script, as the language chooser lists it.
language-name = हिन्दी

## नियमों के किसी संग्रह का नाम, जहाँ भी पेज किसी खेल का नाम लेता है।

ruleset-title = { $name ->
    [pachisi] पचीसी, छह कौड़ियाँ
    [pachisi-3-players] पचीसी, छह कौड़ियाँ, तीन खिलाड़ी
    [pachisi-7-cowries] पचीसी, सात कौड़ियाँ
    [pachisi-encyclopedia] पचीसी, विश्वकोश के नियम (सात कौड़ियाँ, प्यादा)
    [herklots-1832] हर्कलॉट्स 1832, छह कौड़ियाँ
    [herklots-1832-7-cowries] हर्कलॉट्स 1832, सात कौड़ियाँ
    [herklots-1832-two-player] हर्कलॉट्स 1832, दो खिलाड़ी, आठ-आठ गोटियाँ
    [humphries-1904] हम्फ़्रीज़ 1904 (कर्वी), छह कौड़ियाँ
    [humphries-1904-dice] हम्फ़्रीज़ 1904 (कर्वी), एक पासा
    [parcheesi-sr] पार्चीसी, सेल्चो एंड राइटर
    [parcheesi-pb] पार्चीसी, पार्कर ब्रदर्स
    [parcheesi-mb] इंडिया, मिल्टन ब्रैडली (1988 से पहले)
    [parcheesi-tr] इंडिया और पा-चिज़-सी, ट्रांसोग्राम
    [ludo] लूडो
    [maedn] मेन्श एर्गेरे दिश निष्ट
    [maedn-2] मेन्श एर्गेरे दिश निष्ट, दो खिलाड़ी
    [ludopy] लूडो (LUDOpy 1.5.0)
    [pachih] पचीह (आचे, 1906)
    [sokkattan] सोक्कट्टन (श्रीलंका, 1909)
    [chaupar] चौपड़ (अबुल फ़ज़ल, 1590)
    [tayam-sonalu] तायम सोनालु (श्रीलंका, 1909)
    [pahada-keliya] पहड़ा केलिय (श्रीलंका, 1909)
   *[other] { $title }
}
