# The game in words, for a screen reader and for anyone who asks: where the pieces stand, what
# threatens them, the moves, why a piece cannot move, what just happened, and the commands a
# player types. Pieces are numbered 1 to 4 (or as many as a seat has), the same all game long.
#
# Who is spoken of: $who is "you" (the player the words are said to), "partner" (that player's
# partner) or "seat" (anyone else, or everyone when the words are said to nobody in particular);
# $name is the seat's colour (colour-yellow, ...).
#
# Hindi: a colour keeps its plain form (see common.ftl), so a seat is a label: "गोटी 2 (हरा)",
# "आपका साथी (काला)", and the lines of what happened name the mover before a colon, as the
# terminal's log does ("हरा: गोटी 2 को 3 खाने चलाया।"). A piece is always गोटी (feminine).

## Who and whose.

speak-who = { $who ->
        [you] आप
        [partner] आपका साथी ({ $name })
       *[seat] { $name }
    }
# A seat named at the head of its line in the board's description.
speak-seat-heading = { $who ->
        [you] आप ({ $name })
        [partner] आपका साथी ({ $name })
       *[seat] { $name }
    }
# A piece of a seat, inside a sentence. $number: the piece's number.
speak-whose-piece = { $who ->
        [you] आपकी गोटी { $number }
        [partner] आपके साथी की गोटी { $number }
       *[seat] गोटी { $number } ({ $name })
    }
# Several numbers: "1", "1 and 2", "1, 2 and 3" ($first: all but the last, joined by commas).
speak-and = { $first } और { $last }
speak-or = { $first } या { $last }

## Where a piece stands. $start: "charkoni" or "nest"; $where: an arm, as term-where says it
## ("on your arm", "on Green's arm"); $along: squares from its start; $left: squares still to go.
## Hindi: $where comes without its postposition (term-where); these messages add में or
## के किले पर. A place follows a piece's number ("गोटी 2 चारकोनी में इंतज़ार में") or a colon,
## and reads as the rest of a sentence with है ("गोटी 2 घर पहुँची हुई है").

speak-place-waiting = { $start ->
        [nest] घोंसले में इंतज़ार में
       *[charkoni] चारकोनी में इंतज़ार में
    }
speak-place-home = घर पहुँची हुई
speak-place-goal = मंज़िल में
# The piece's own lane, on its way home: अपनी refers to the piece, whoever's it is.
speak-place-lane = अपनी गली में, { $left ->
        [one] घर से एक खाना दूर
       *[other] घर से { $left } खाने दूर
    }
speak-place-track = { $castle ->
        [yes] { $where } के किले पर
       *[no] { $where } में
    }, { $along ->
        [one] एक खाना चल चुकी
       *[other] { $along } खाने चल चुकी
    }, { $left } बाकी
# A square named in a reason (a castle held, a blockade): $castle "yes" or "no", $where its arm.
# Hindi: always followed by a postposition in the reasons (पर), so in the oblique form.
speak-square = { $castle ->
        [yes] { $where } के किले
       *[no] { $where } के एक खाने
    }
# Hindi: the subject of why-entry-blocked ("... बंद है").
speak-square-entry = { $where } का शुरुआती खाना

## Safety and threats.

speak-safe-castle = किले पर सुरक्षित
speak-safe-lane = विरोधियों के रास्ते से बाहर
speak-not-threatened = एक दाँव में किसी विरोधी की पहुँच से बाहर
# $captor: whose piece threatens (speak-whose-piece); $squares: how far behind it stands;
# $entering: "yes" when it captures by coming in; $throws: the throws ("3", "3 or 25");
# $chance: the chance of one of them (speak-chance).
speak-threat = { $captor }{ $entering ->
        [yes] , खेल में आते ही
       *[no] , { $squares ->
            [one] एक खाना पीछे
           *[other] { $squares } खाने पीछे
        }
    }, { $throws } के दाँव से ({ $chance })
speak-threatened = ख़तरा: { $threats }
# The chance of a throw: "15 in 64"; or, where no small count says it exactly, in hundredths.
# Hindi: "64 में 15", as rules.ftl says a chance.
speak-chance = { $total } में { $count }
speak-chance-about = लगभग 100 में { $percent }

## The board in words: a line per seat, its pieces grouped where they stand together.

# $numbers: "1" or "1 and 2"; $place: where they stand; $state: their safety, or nothing.
speak-pieces = { $count ->
        [one] गोटी { $numbers }
       *[other] गोटियाँ { $numbers }
    } { $place }{ $state }
speak-state = , { $state }
speak-board-seat = { $seat }: { $pieces }।
speak-board-list = { $first }; { $rest }
# One piece on a line of its own (where): "Piece 2: on your arm, ...; threatened by ...".
speak-piece-line = गोटी { $number }: { $place }{ $state }।
# Hindi: two sentences, so that the threat's own colon does not follow another.
speak-threats = गोटी { $number }, { $place }। { $state }।
speak-threats-waiting = गोटी { $number } { $place } है: वहाँ उसे कोई नहीं काट सकता।

## Moves, numbered as the game numbers them (type the number to play one).

speak-move-line = { $number }: { $move }
speak-move-pass = पास: दाँव का बाकी हिस्सा छोड़ दें।
# $pieces: "piece 2", or "pieces 2 and 3" for a pair; $at: where it stands; $count: squares;
# $more: what the move does besides (where it ends, whom it captures), as the moves in the
# terminal say it (term-to-castle, term-capturing, ...).
speak-move-enter = { $value } से { $pieces } खेल में लाएँ{ $more }।
speak-move-enter-sum = { $first } और { $second } से { $pieces } खेल में लाएँ{ $more }।
speak-move-advance = { $pieces } ({ $at }) { $count ->
        [one] एक खाना
       *[other] { $count } खाने
    } चलाएँ{ $more }।
speak-moving-pieces = { $count ->
        [one] गोटी { $numbers }
       *[other] गोटियाँ { $numbers }
    }
speak-victim = { $whose }
speak-moves-none = अभी आपके लिए कोई चाल नहीं है।

## Why a piece cannot move (why N).

speak-why-can = गोटी { $number } चल सकती है: { $count ->
        [one] चाल { $moves }
       *[other] चालें { $moves }
    }।
speak-why-not = { $count ->
        [one] गोटी { $number }
       *[other] गोटियाँ { $number }
    }, { $place }: { $reasons }।
speak-why-all-can = इस दाँव से रास्ते पर खड़ी आपकी हर गोटी चल सकती है।
speak-why-home = गोटी { $number } घर पहुँच चुकी है: उसका सफ़र पूरा हो गया।
speak-why-not-now = गोटियाँ दाँव फेंकने के बाद, आपकी अपनी बारी पर चलती हैं: अभी चलने को कोई चाल नहीं है।
speak-no-piece = गोटी { $number } नहीं है: आपकी गोटियाँ 1 से { $count } तक हैं।
# Every reason of a piece, joined: "reason; reason".
speak-reasons = { $first }; { $rest }

## Why, from the engine's reasons (the same reasons every front end gives, in words). $value:
## a throw's value; $square: a square (speak-square); $values: throws ("6, 10 or 25").
## Hindi: the piece is the subject the reasons leave unsaid ("गोटी 1, ...: 3 से गोटी ...");
## a throw that would do something is "{ $value } से" with the conditional (पहुँचती, उतरती).

why-not-time = अभी चलने का समय नहीं है: पहले दाँव फेंकें
why-game-over = खेल ख़त्म हो चुका है
why-no-piece = वहाँ आपकी कोई गोटी नहीं है
why-already-home = गोटी पहले ही घर पहुँच चुकी है
# $graces: the throws that bring a piece in; $sum: "yes" when two dice may add up to one;
# $count and $values: the throws of this turn that are not graces (0 when none is said).
why-needs-grace = गोटी खेल में केवल { $single ->
        [yes] { $graces }
       *[no] पौ ({ $graces })
    } से आती है{ $sum ->
        [yes] , एक पासे से या दो पासों के जोड़ से
       *[no] {""}
    }{ $count ->
        [0] {""}
        [one] , { $values } से नहीं
       *[other] , { $values } से नहीं
    }
# $the-values: "the 3" or "the 2 and the 3".
why-the-value = { $value }
why-needs-first-entry = हर खिलाड़ी की पहली गोटी केवल { $graces } से खेल में आती है, { $value } से नहीं
why-movement-only = { $value } से केवल बोर्ड पर पहले से खड़ी गोटियाँ चलती हैं: उससे कोई गोटी खेल में नहीं आती
why-never-brings-out = { $value } से कभी कोई गोटी बाहर नहीं आती: उससे केवल बोर्ड पर पहले से खड़ी गोटियाँ चलती हैं
why-entry-blocked = { $square } बंद है: { $obstacle }
why-obstacle-blockade = उस पर नाका लगा है
why-obstacle-full = { $limit ->
        [one] उस पर आपकी एक गोटी पहले से खड़ी है
       *[other] उस पर आपकी { $limit } गोटियाँ पहले से खड़ी हैं
    }
why-obstacle-castle = वह किला है और उस पर विरोधी का कब्ज़ा है
why-obstacle-pair = उस पर विरोधी की जोड़ी खड़ी है, और अकेली गोटी वहाँ नहीं उतर सकती
why-overshoot = { $value } से गोटी अंत से आगे निकल जाती: घर केवल ठीक-ठीक दाँव से पहुँचा जाता है, और इस गोटी को ठीक { $needs ->
        [one] एक खाना
       *[other] { $needs } खाने
    } चाहिए
why-stranded = { $value } से गोटी घर से { $left ->
        [one] एक खाना
       *[other] { $left } खाने
    } दूर रह जाती, और इतना छोटा कोई दाँव नहीं होता
why-castle-held = { $value } से गोटी { $square } पर उतरती, जिस पर विरोधी का कब्ज़ा है
why-square-full = { $value } से गोटी { $square } पर उतरती, जहाँ { $limit ->
        [one] आपकी एक गोटी पहले से खड़ी है
       *[other] आपकी { $limit } गोटियाँ पहले से खड़ी हैं
    }
why-opposing-pair = { $value } से एक अकेली गोटी { $square } पर खड़ी विरोधी की जोड़ी पर उतरती: जोड़ी पर केवल जोड़ी उतर सकती है
why-blockade-in-the-way = { $square } पर लगा नाका { $value } का रास्ता रोकता है
why-blockade-intact = { $value } से नाके की दोनों गोटियाँ { $square } पर फिर साथ आ जातीं, और नाके को ज्यों का त्यों नहीं चलाया जा सकता
why-grace-only-enters = जब तक कोई गोटी खेल में आने का इंतज़ार कर रही है, { $value } से केवल गोटी खेल में लाई जा सकती है
why-must-enter = पहले इंतज़ार कर रही गोटी को खेल में लाना होगा
why-clear-entry-first = { $square } पर खड़ी आपकी गोटी को पहले वहाँ से हटना होगा, क्योंकि एक गोटी खेल में आने का इंतज़ार कर रही है
why-past-goal-end = गोटी अपनी मंज़िल के आख़िरी खाने पर खड़ी है, और { $value } उसे और आगे नहीं ले जा सकता
why-past-goal = { $value } से गोटी अपनी मंज़िल के आख़िरी खाने से आगे निकल जाती, जो { $room ->
        [one] एक खाना
       *[other] { $room } खाने
    } आगे है
why-pair-cannot-halve = यहाँ की गोटियाँ जोड़ी बनकर साथ चलती हैं, दाँव का आधा-आधा, और { $value } का आधा नहीं हो सकता
why-must-capture-first = { $value } से गोटी अपनी गली में घर की ओर मुड़ जाती, जो आपका पक्ष किसी गोटी को काटे बिना नहीं कर सकता, और उसके बदले वह दोबारा चक्कर भी नहीं लगा सकती
why-step-must-enter = { $value } का अतिरिक्त कदम, जब तक कोई रुकी हुई गोटी आ सकती है, उसे खेल में लाने में ही लगाना होगा
why-home-gate = { $value } से गोटी दोबारा अपनी भुजा के सिरे तक आ जाती, पर यह तब तक नहीं हो सकता जब तक साथी की { $needed } गोटियाँ उस भुजा से आगे न निकल जाएँ
why-fullest-use = { $value } से यह गोटी चल सकती थी, पर दाँव का जितना हो सके उतना पूरा इस्तेमाल करना होता है, और उसके लिए दूसरी चालें चाहिए
why-carry-on-first = { $square } पर खड़ी गोटी को पहले दूसरे पासे से आगे बढ़ाना होगा: वह खाना विरोधी का सुरक्षित खाना है
why-turn-lost = { $value } से गोटी केवल { $square } पर रुक सकती थी, जिस किले पर विरोधी का कब्ज़ा है, और ऐसा करने से पूरी बारी चली जाती
why-finish-from-fourteen = जुड़वाँ से गोटी केवल 14 खाने दूर से घर पहुँचती है, पूरे 14 खाने चलकर; इस गोटी को { $needs } चाहिए, और जुड़वाँ के { $value ->
        [one] एक खाना बचा है
       *[other] { $value } खाने बचे हैं
    }
why-no-rule = कोई नियम इस गोटी को { $value } से चलने नहीं देता
# A reason the engine knows and this catalogue does not name yet.
why-other = यह गोटी अभी नहीं चल सकती

## A throw in words. $name: the throw as written; $value: its squares; for two separate dice
## $first and $second.

throw-words = { $dice ->
        [yes] { $name }: { $first } और { $second }
        [three] { $name }: { $first }, { $second } और { $third }
       *[no] { $name }: { $value } { $value ->
            [one] खाना
           *[other] खाने
        }
    }
throw-words-doublet = , जुड़वाँ
throw-words-grace = { $family ->
    [pachisi] , पौ (इससे गोटी खेल में आती है)
   *[other] , इससे गोटी खेल में आती है
}
throw-words-again = , फिर से दाँव
# The throw-off: $throws as the record writes them ("Y 25, G 10"), $first who begins.
throw-off-words = शुरुआती दाँव: { $throws }: { $first } पहले खेलता है

## What just happened, one line per action.
## Hindi: the seat before a colon or a comma, as the terminal's log names it.

speak-event-threw = { $who }, दाँव { $throw }।
speak-event-passed = { $who }: पास किया।
# A pass the throw forced: $throw the throw's values ("3", "5 and 3"); $reasons why, each a
# sentence of its own (speak-why-not).
speak-event-forced = { $who }: { $throw } से कोई चाल नहीं। { $reasons }
# $did: what the move did, as speak-did-* says it.
speak-event-moved = { $who }: { $did }।
speak-did-enter = { $pieces } को खेल में लाया{ $more }
speak-did-advance = { $pieces } को { $count ->
        [one] एक खाना
       *[other] { $count } खाने
    } चलाया{ $more }
speak-event-home = { $who ->
        [you] आपकी गोटी { $number } घर पहुँच गई।
        [partner] आपके साथी की गोटी { $number } घर पहुँच गई।
       *[seat] गोटी { $number } ({ $name }) घर पहुँच गई।
    }
speak-event-goal = { $who ->
        [you] आपकी गोटी { $number } मंज़िल में पहुँच गई।
        [partner] आपके साथी की गोटी { $number } मंज़िल में पहुँच गई।
       *[seat] गोटी { $number } ({ $name }) मंज़िल में पहुँच गई।
    }
speak-event-again = { $who ->
        [you] आप फिर से दाँव फेंकेंगे।
        [partner] आपका साथी ({ $name }) फिर से दाँव फेंकेगा।
       *[seat] { $name } फिर से दाँव फेंकेगा।
    }
# The end: $winners the winning seats' colours ("Yellow and Black"); $you "yes" when the
# player the words are said to is among them, "no" when not, "none" when said to nobody.
speak-event-over = { $you ->
        [yes] खेल ख़त्म: आपकी जीत हुई ({ $winners })।
        [no] खेल ख़त्म। विजेता: { $winners }।
       *[none] खेल ख़त्म। विजेता: { $winners }।
    }
speak-event-over-plain = खेल ख़त्म।
speak-throw-none = अभी तक किसी ने दाँव नहीं फेंका।
# The increments still to spend: $list of values, a bonus written with term-bonus.
speak-to-spend = ख़र्च करने को: { $list }।
speak-bonus = +{ $value } बोनस

## Commands a player types. Each list holds the phrases that mean one command, separated by
## "|", without the piece's number (it may stand anywhere: "threats 2", "what threatens my
## piece 2"). English phrases are understood in every language as well.
## Hindi: the English phrases are not repeated here, as they are understood anyway. Common
## spellings are listed side by side: with and without the nukta (ख़तरा, खतरा), with
## chandrabindu or anusvara (कहाँ, कहां).

speak-phrases-where = कहाँ | कहां | मेरी गोटियाँ कहाँ हैं | मेरी गोटियां कहां हैं | गोटियाँ कहाँ हैं | गोटियां कहां हैं | मेरी गोटियाँ | मेरी गोटियां | गोटियाँ | गोटियां
speak-phrases-board = बोर्ड | पूरा बोर्ड | बोर्ड बताएँ | बोर्ड बताएं | बोर्ड का हाल
speak-phrases-threats = ख़तरा | खतरा | ख़तरे | खतरे | मेरी गोटी को क्या ख़तरा है | मेरी गोटी को क्या खतरा है | गोटी को क्या ख़तरा है | गोटी को क्या खतरा है | किससे ख़तरा है | किससे खतरा है
speak-phrases-moves = चालें | चाल | मेरी चालें | सारी चालें | कौन सी चालें | कौनसी चालें | मैं क्या कर सकता हूँ | मैं क्या कर सकती हूँ | मैं क्या कर सकता हूं | मैं क्या कर सकती हूं
speak-phrases-why = क्यों | मेरी गोटी क्यों नहीं चल सकती | गोटी क्यों नहीं चल सकती | क्यों नहीं चल सकती | गोटी क्यों नहीं चलती | क्यों नहीं चलती
speak-phrases-throw = दाँव | दांव | पिछला दाँव | पिछला दांव | आख़िरी दाँव | आखिरी दांव | क्या दाँव आया | क्या दांव आया
speak-phrases-roll = फेंकें | फेंको | फेंक | फेंकिए | दाँव फेंकें | दाँव फेंको | दांव फेंकें | दांव फेंको
speak-phrases-pass = पास | पास करें | पास करो
speak-phrases-help = मदद | सहायता | आदेश | कमांड
speak-phrases-save = सहेजें | सहेजो | सेव | सेव करें
speak-phrases-quit = बाहर | बाहर निकलें | बाहर निकलो | खेल छोड़ें | खेल छोड़ो | छोड़ें | बंद करें

# The help, a line per command.
# Hindi: each command in Hindi first, then its English and short forms, which work too.
speak-help-title = आदेश (एक लिखें और Enter दबाएँ):
speak-help-number = चाल की संख्या: वह चाल चलें
speak-help-roll = t, फेंकें या Enter: दाँव फेंकें, जब फेंकने की बारी आपकी हो
speak-help-pass = पास (p): पास करें, जहाँ नियम इसकी अनुमति दें
speak-help-moves = चालें (moves, m): आपकी चालें, क्रम से गिनी हुई
speak-help-where = कहाँ (where, wh): आपकी गोटियाँ कहाँ खड़ी हैं, कौन सी सुरक्षित हैं, किन पर ख़तरा है
speak-help-board = बोर्ड (board, b): हर खिलाड़ी की गोटियाँ
speak-help-threats = ख़तरा N (threats N, th N): आपकी गोटी N को किससे ख़तरा है
speak-help-why = क्यों N (why N, y N): आपकी गोटी N क्यों नहीं चल सकती
speak-help-throw = दाँव (throw): पिछला दाँव, शब्दों में
speak-help-save = सहेजें (save, s): खेल का रिकॉर्ड सहेजें
speak-help-quit = बाहर (quit, q): खेल छोड़ें (जो चालें सहेजी नहीं गईं, वे पहले सहेज ली जाती हैं)
speak-help-help = मदद (help, h): यह सूची
speak-unknown = “{ $input }” यहाँ कोई आदेश नहीं है। चाल की संख्या लिखें, दाँव फेंकने के लिए t, या आदेशों के लिए मदद।
speak-throw-first = दाँव फेंकने की बारी आपकी है: t या Enter से दाँव फेंकें।
