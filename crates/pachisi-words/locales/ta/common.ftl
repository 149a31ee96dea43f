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

# The word for a piece in the family of the ruleset played ($family: pachisi, parcheesi or
# ludo), which English says piece, pawn or token. Tamil says காய் in every family.
family-piece = காய்
family-pieces = காய்கள்
family-piece-capital = காய்
family-pieces-capital = காய்கள்
squares = { $count ->
    [one] ஒரு கட்டம்
   *[other] { $count } கட்டங்கள்
}
colour-orange = ஆரஞ்சு
colour-white = வெள்ளை

# The language's own name, in its own script, as the language chooser lists it.
language-name = தமிழ்

## ஒரு ஆட்ட வகையின் பெயர், பக்கம் ஓர் ஆட்டத்தைக் குறிப்பிடும் இடமெல்லாம்.

ruleset-title = { $name ->
    [pachisi] பச்சீசி, ஆறு சோழிகள்
    [pachisi-3-players] பச்சீசி, ஆறு சோழிகள், மூவர்
    [pachisi-7-cowries] பச்சீசி, ஏழு சோழிகள்
    [pachisi-encyclopedia] பச்சீசி, கலைக்களஞ்சிய விதிகள் (ஏழு சோழிகள், பியாதா)
    [herklots-1832] ஹெர்க்லாட்ஸ் 1832, ஆறு சோழிகள்
    [herklots-1832-7-cowries] ஹெர்க்லாட்ஸ் 1832, ஏழு சோழிகள்
    [herklots-1832-two-player] ஹெர்க்லாட்ஸ் 1832, இருவர், ஆளுக்கு எட்டுக் காய்கள்
    [humphries-1904] ஹம்ப்ரீஸ் 1904 (கர்வி), ஆறு சோழிகள்
    [humphries-1904-dice] ஹம்ப்ரீஸ் 1904 (கர்வி), ஒரு பகடை
    [parcheesi-sr] பார்ச்சீசி, செல்சௌ அண்ட் ரைட்டர்
    [parcheesi-pb] பார்ச்சீசி, பார்க்கர் பிரதர்ஸ்
    [parcheesi-mb] இந்தியா, மில்டன் பிராட்லி (1988-க்கு முன்)
    [parcheesi-tr] இந்தியா, பா-சிஸ்-ஸி, டிரான்சோகிராம்
    [ludo] லூடோ
    [maedn] மென்ஷ் எர்கரெ டிஷ் நிஷ்ட்
    [maedn-2] மென்ஷ் எர்கரெ டிஷ் நிஷ்ட், இருவர்
    [ludopy] லூடோ (LUDOpy 1.5.0)
    [pachih] பச்சி (ஆச்சே, 1906)
    [sokkattan] சொக்கட்டான் (இலங்கை, 1909)
    [chaupar] சௌபர் (அபுல் ஃபசல், 1590)
    [tayam-sonalu] தாயம் சோனலு (இலங்கை, 1909)
    [pahada-keliya] பஹட கெலிய (இலங்கை, 1909)
   *[other] { $title }
}
