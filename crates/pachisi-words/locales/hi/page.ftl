# पेज (`pachisi serve`): उसके HTML और स्क्रिप्ट में दिखने वाला हर शब्द।
#
# Hindi: every family's pieces are गोटी (see README.md), so the choices by $family say the same
# word in each variant. A colour ($colour, $who, $team, $seat ...) keeps its plain form: it stands
# as a subject, in a list, or as a label after a colon or in brackets. The words of a move say
# the imperative on a button ($inside no: चलाएँ) and the infinitive inside a sentence of the
# analysis ($inside yes: चलाना).

## Words the other messages share.

page-piece-noun = { $plural ->
    [yes] { $family ->
        [parcheesi] गोटियाँ
        [ludo] गोटियाँ
       *[other] गोटियाँ
    }
   *[no] { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    }
}

page-list-and = { $head } और { $last }
page-list-comma = {", "}

page-colour = { $colour ->
    [yellow] { colour-yellow }
    [green] { colour-green }
    [black] { colour-black }
    [red] { colour-red }
    [blue] { colour-blue }
    [orange] { colour-orange }
    [white] { colour-white }
   *[other] { $name }
}
page-seat-number = खिलाड़ी { $number }

page-percent = { $percent }%

# The server's sentences come in English, so they keep the full stop.
page-server-sentence = { $text }.

## The header and the page's title.

page-title = पचीसी
page-language = भाषा
page-how-to-play = खेलने का तरीका
page-how-to-play-game = खेलने का तरीका: { $title }
page-sound-on = आवाज़ चालू
page-sound-off = आवाज़ बंद
page-sound-is-on = आवाज़ चालू है
page-sound-is-off = आवाज़ बंद है
page-learn-to-play = खेलना सीखें
page-new-game = नया खेल

## Errors the page writes itself.

page-error-unreachable = सर्वर तक नहीं पहुँच पा रहे ({ $error })
page-error-status = सर्वर का जवाब: { $status } { $text }
page-error-answer = { $status ->
    [400] सर्वर यह अनुरोध पढ़ नहीं सका।
    [403] इस खेल में यह करना आपके हाथ में नहीं है।
    [404] ऐसा कोई खेल नहीं है, या उसे मिटा दिया गया है।
    [409] खेल आगे बढ़ चुका है: फिर से देखें और एक बार और कोशिश करें।
    [413] यह सर्वर के लिए बहुत लंबा है।
    [422] नियम अभी इसकी अनुमति नहीं देते।
    [429] अभी बहुत सारे अनुरोध हो गए: थोड़ा रुककर फिर कोशिश करें।
    [503] सर्वर व्यस्त है: थोड़ा रुककर फिर कोशिश करें।
   *[other] सर्वर ने मना कर दिया ({ $status })।
}
page-error-not-json = सर्वर ने ऐसा संदेश भेजा जो JSON नहीं है
page-error-watching-off = मेज़बान ने खेल देखने की सुविधा बंद कर दी
page-error-deleted = इस खेल को उसके मेज़बान ने मिटा दिया
page-error-refused = सर्वर ने संदेश नहीं माना
page-error-no-seat = इस ब्राउज़र के पास अब इस खेल में न कोई जगह है, न देखने का लिंक
page-error-replay-frames = सर्वर ने ऐसा रीप्ले भेजा जिसमें कोई कदम नहीं है
page-error-analysis = सर्वर ने विश्लेषण भेजा, पर उसके आँकड़े नहीं भेजे
page-error-no-rulesets = सर्वर पर खेल का कोई रूप नहीं है
page-error-rulesets = खेल के रूप लोड नहीं हो सके: { $error }
page-error-lobby = लॉबी नहीं पढ़ी जा सकी: { $error }
page-error-read-file = फ़ाइल { $name } नहीं पढ़ी जा सकी: { $error }
page-error-seed = सीड 0 से { $max } तक की कोई पूर्ण संख्या होनी चाहिए
page-error-cowrie-p = कौड़ी की संभावना एक संख्या होनी चाहिए
page-error-private = यह खेल निजी है: देखने का लिंक किसी खिलाड़ी से माँगें।
page-connection-lost = कनेक्शन टूट गया: फिर से जुड़ रहे हैं…
page-connection-closed = अब खेल की ख़बर नहीं मिल रही: फिर से कोशिश करने के लिए पेज दोबारा लोड करें।

## An invitation (a link a host sends).

page-join-heading = आपको एक खेल का न्योता मिला है
page-join-heading-game = आपको खेलने का न्योता मिला है: { $title }
page-join-about = { $from ->
    [host] { $host } ने आपको खेलने का न्योता भेजा है
   *[none] आपको खेलने का न्योता मिला है
} — खेल: { $title }, आपका रंग: { $colour }।
# $reason is the server's reason, in English.
page-join-used = { $reason }। जिसने आपको न्योता भेजा था, उससे नया लिंक माँगें।
page-join-not-found = इस न्योते का खेल नहीं मिल रहा: शायद उसे मिटा दिया गया है।
page-join-name = आपका नाम, जैसा दूसरों को दिखेगा
page-name-rule = 1 से 24 तक अक्षर, अंक, स्पेस और . - _ '
page-join-take = जगह लें
page-join-cancel = अभी नहीं
page-join-need-name = दूसरों को दिखने के लिए एक नाम चुनें

## The new game panel.

page-new-ruleset = खेल
page-new-about-rules = इन नियमों के बारे में
page-your-name = आपका नाम
page-host-name = मेज़बान
page-players = खिलाड़ी
page-new-seats-help = दोस्त की जगह के लिए एक लिंक (और QR कोड) बनता है, जिसे आप उसे भेजते हैं; सारी जगहें भरते ही खेल शुरू हो जाता है।
page-turn-time-label = हर बारी का समय
page-turn-no-limit = कोई सीमा नहीं
page-turn-time = { $minutes ->
    [0] { $seconds } सेकंड
    [one] { $minutes } मिनट
   *[other] { $minutes } मिनट
}
page-new-turn-help = जब किसी खिलाड़ी का समय ख़त्म हो जाता है, तो उसकी वह बारी एक बॉट खेलता है; दो बारियाँ छूटने के बाद बॉट उसकी जगह तब तक खेलता है, जब तक वह लौटकर न बताए।
page-new-pace-label = बॉट कितनी तेज़ी से खेलें
page-new-pace-slow = धीरे: हर चाल देखने का समय मिलता है
page-new-pace-normal = सामान्य रफ़्तार से
page-new-pace-fast = तेज़
page-new-public = खाली जगहें लॉबी में दिखाएँ, ताकि कोई भी उन्हें ले सके
page-new-more-options = और विकल्प
page-new-cowrie-p = कौड़ी के मुँह ऊपर गिरने की संभावना
page-new-allow-hints = कई लोगों के खेलने पर भी संकेत देखने दें
page-new-seed = अभ्यास के लिए सीड (वही सीड, वही दाँव; इसमें न्योते नहीं भेजे जा सकते)
page-new-seed-hint = कोई नहीं: निष्पक्ष दाँव, जिन्हें कोई भी जाँच सकता है
# The command stays as it is: it is typed in a terminal.
page-new-set = वैकल्पिक नियम (देखें “pachisi rules show”)
page-new-set-hint = नियम=मान, बीच में स्पेस देकर
page-new-start = शुरू करें
page-back-to-game = खेल पर लौटें
page-your-games = आपके खेल
page-open-seats = खाली जगहें
page-seat-kind-label = कौन खेलेगा: { $colour }
page-seat-kind = { $kind ->
    [me] आप
    [open] एक दोस्त, लिंक से न्योता देकर
   *[bot] एक बॉट
}
page-seat-bot-label = बॉट कैसे खेलेगा: { $colour }
page-seat-team = साथी: { $partners }
page-seat-alone = अकेले खेलता है
page-bot-level = { $level ->
    [random] बेतरतीब चालें
    [heuristic] अच्छा
    [expectimax] मज़बूत
   *[mcts] मज़बूत, ज़्यादा देर सोचता है
}
page-bot-title = { $level ->
    [random] बेतरतीब चालें चलने वाला बॉट
    [heuristic] अच्छा बॉट
    [expectimax] मज़बूत बॉट
    [mcts] ज़्यादा देर सोचने वाला मज़बूत बॉट
   *[other] बॉट
}
page-pace = { $pace ->
    [slow] धीरे
    [fast] तेज़
   *[normal] सामान्य रफ़्तार से
}
page-open = खोलें
page-delete = मिटाएँ
page-game-untitled = खेल
page-game-line = { $title } — { $state }
page-game-state = { $state ->
    [won] ख़त्म, विजेता: { $winners }
    [finished] ख़त्म
    [waiting] खिलाड़ियों का इंतज़ार
    [turn] आपकी बारी
    [watching] आप देख रहे हैं
   *[going] चल रहा है
}
# बनकर takes the colour in its plain form: “हरा बनकर खेलें”.
page-lobby-play = { $colour } बनकर खेलें
page-lobby-line = { $from ->
    [host] { $game }, { $host } के साथ
   *[none] { $game }
}

## The table: the board, whose turn, the throw, the moves.

page-no-board = नया खेल शुरू करें, या किसी रिकॉर्ड से खेल दोबारा देखें।
page-board = बोर्ड
page-board-of = बोर्ड: { $title }
page-watching = आप दर्शक हैं: आप खेल देख सकते हैं, पर खेल नहीं सकते।
page-away = आप मौजूद नहीं हैं, इसलिए आपकी जगह एक बॉट खेल रहा है।
page-away-back = मैं वापस हूँ
page-rematch = दोबारा मुक़ाबला
page-rematch-play = दोबारा मुक़ाबले में खेलें
page-rematch-watch = दोबारा मुक़ाबला देखें
page-last-throw = पिछला दाँव
page-throw = फेंकें
page-your-moves = आपकी चालें
page-move-help-tap = निशान वाली { $family ->
    [parcheesi] गोटी
    [ludo] गोटी
   *[other] गोटी
} छुएँ, फिर उसका हरा खाना; या यहाँ कोई चाल चुनें।
page-move-help-keys = कुंजियाँ: 1-9, ↑ ↓ और Enter; Space या Enter से दाँव फेंकें।
page-hint = संकेत
page-undo = चाल वापस लें
page-download = रिकॉर्ड डाउनलोड करें
page-verify = दाँवों की जाँच करें
page-analyse-game = खेल का विश्लेषण करें
# Followed by the choice of page-pace: “बॉट खेलते हैं: धीरे”.
page-game-pace-label = बॉट खेलते हैं
page-room-box = न्योते और जगहें
page-chat = चैट
page-chat-say = कुछ लिखें
page-chat-send = भेजें
page-game-record = खेल का रिकॉर्ड
page-replay-box = रिकॉर्ड से खेल दोबारा देखें
page-replay-open = रिकॉर्ड की फ़ाइल खोलें…
page-legend = बोर्ड के निशानों का मतलब

## The seats and the teams.

page-seat-label = { $who ->
    [none] { $colour }
    [you] { $colour } — आप{ $away ->
        [yes] {" "}(मौजूद नहीं)
       *[no] {""}
    }
    [person] { $colour } — { $name }{ $away ->
        [yes] {" "}(मौजूद नहीं)
       *[no] {""}
    }
    [player] { $colour } — खिलाड़ी
    [open] { $colour } — खाली जगह
   *[bot] { $colour } — बॉट
}
page-team-home = { $home }/{ $total } घर में
page-place = { $place ->
    [1] पहला
    [2] दूसरा
    [3] तीसरा
   *[other] { $place }वाँ
}

## The board's legend and the titles of its squares and pieces.

page-legend-castle-nest = सुरक्षित खाना: यहाँ खड़ी { $family ->
    [parcheesi] गोटियाँ
    [ludo] गोटियाँ
   *[other] गोटियाँ
} काटी नहीं जा सकतीं
page-legend-castle = किला, यानी सुरक्षित खाना: यहाँ खड़ी { $family ->
    [parcheesi] गोटियाँ
    [ludo] गोटियाँ
   *[other] गोटियाँ
} काटी नहीं जा सकतीं
page-legend-centre-nest = बीच का खाना: घर, जहाँ पहुँचकर { $family ->
    [parcheesi] गोटियाँ
    [ludo] गोटियाँ
   *[other] गोटियाँ
} पूरी होती हैं
page-legend-centre = चारकोनी, यानी बीच का खाना: { $family ->
    [parcheesi] गोटियाँ
    [ludo] गोटियाँ
   *[other] गोटियाँ
} यहीं से शुरू होती हैं और यहीं पूरी होती हैं
page-legend-start = शुरुआती खाना, अपने रंग में: यहाँ { $family ->
    [parcheesi] गोटियाँ
    [ludo] गोटियाँ
   *[other] गोटियाँ
} खेल में आती हैं; तीर उनकी दिशा दिखाता है
page-centre = { $centre ->
    [Charkoni] चारकोनी
   *[Home] घर
}
# The seat's colour is a label in brackets: “शुरुआती खाना (हरा)”.
page-square-title = { $kind ->
    [start] शुरुआती खाना ({ $colour }){ $safe ->
        [yes] , सुरक्षित खाना
       *[no] {""}
    }
    [column] घर की कतार ({ $colour }){ $safe ->
        [yes] , सुरक्षित खाना
       *[no] {""}
    }
    [lane] गली ({ $colour }){ $safe ->
        [yes] , सुरक्षित खाना
       *[no] {""}
    }
    [entrance] घर की कतार में जाने का रास्ता ({ $colour }){ $safe ->
        [yes] , सुरक्षित खाना
       *[no] {""}
    }
   *[plain] { $safe ->
        [yes] सुरक्षित खाना
       *[no] खाना
    }
}
page-piece-title = { $seat }: { $count ->
    [one] एक { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    }
   *[other] { $count } { $family ->
        [parcheesi] गोटियाँ
        [ludo] गोटियाँ
       *[other] गोटियाँ
    }
}{ $where ->
    [waiting] , इंतज़ार में
    [home] , घर में
   *[board] {""}
}{ $movable ->
    [yes] { $count ->
        [one] {" "}(चल सकती है)
       *[other] {" "}(चल सकती हैं)
    }
   *[no] {""}
}
page-corner-waiting = इंतज़ार में
page-corner-home = घर में

## The throw.

page-throw-none = अभी कोई दाँव नहीं फेंका गया।
page-throw-view-none = अभी कोई दाँव नहीं
page-throw-view-label = पिछला दाँव: { $throw }
page-shell-up = मुँह ऊपर
page-shell-down = मुँह नीचे
# A number thrown: the digit, and छक्का for a six, as players say it.
page-a-number = { $value ->
    [0] 0
    [1] 1
    [2] 2
    [3] 3
    [4] 4
    [5] 5
    [6] छक्का
    [8] 8
    [11] 11
    [18] 18
   *[other] { $value }
}
page-throw-doubles = { $faces } (जुड़वाँ)
page-throw-cowries = { $value } ({ $shells } में से { $up } मुँह ऊपर)
# The thrower is a label, as in the terminal's log: “हरा, दाँव: छक्का।”
page-throw-said = { $you ->
    [yes] आपका दाँव: { $throw }
   *[no] { $who }, दाँव: { $throw }
}{ $grace ->
    [cowries] । यह पौ है: एक { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    } खेल में आ सकती है।
    [yes] । एक { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    } खेल में आ सकती है।
   *[no] {"।"}
}
page-throw-again = { $you ->
    [yes] आपको फिर से दाँव मिलता है।
   *[no] फिर से दाँव: { $who }।
}
page-pool = चलने के लिए बाकी: { $values }
page-pool-value = { $bonus ->
    [yes] { $value } (इनाम)
   *[no] { $value }
}

## The moves, as the list of moves says them. $inside yes: the infinitive, for the sentences of
## the analysis; no: the polite imperative, for a button.

page-move = चाल
page-move-pass = { $inside ->
    [yes] पास करना
   *[no] पास करें
}
page-move-pass-more = दाँव का बाकी हिस्सा छोड़कर
page-move-enter-two = { $value } और { $second } से एक { $family ->
    [parcheesi] गोटी
    [ludo] गोटी
   *[other] गोटी
} खेल में { $inside ->
    [yes] लाना
   *[no] लाएँ
}
page-move-enter = { $value } से एक { $family ->
    [parcheesi] गोटी
    [ludo] गोटी
   *[other] गोटी
} खेल में { $inside ->
    [yes] लाना
   *[no] लाएँ
}
page-move-enter-and-move = एक { $family ->
    [parcheesi] गोटी
    [ludo] गोटी
   *[other] गोटी
} खेल में लाकर { $steps ->
    [one] { $steps } खाना
   *[other] { $steps } खाने
} { $inside ->
    [yes] चलाना
   *[no] चलाएँ
}
page-move-along = { $which ->
    [only] अपनी
    [back] अपनी सबसे पीछे वाली
   *[rank] अपनी { $rank ->
        [1] सबसे आगे वाली
        [2] दूसरी
        [3] तीसरी
        [4] चौथी
        [5] पाँचवीं
        [6] छठी
        [7] सातवीं
       *[other] { $rank }वीं
    }
} { $pair ->
    [yes] जोड़ी
   *[no] { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    }
} { $steps ->
    [one] { $steps } खाना
   *[other] { $steps } खाने
} { $inside ->
    [yes] चलाना
   *[no] चलाएँ
}
# What else a move does, as the terminal says it (term-part, term-to-home ...).
page-move-more-part = { $value } में से { $steps }
page-move-more-home = घर तक
page-move-more-again = फिर से चक्कर लगाते हुए
page-move-more-sends = गोटी काटते हुए ({ $who })
page-move-more-captures = गोटी काटते हुए
page-move-with-more = { $move } ({ $more })
page-hint-caption = हर चाल के बाद आपके पक्ष के जीतने की संभावना, एक मज़बूत बॉट के हिसाब से:

## Whose turn it is, what happened, the result.

page-status-replay-over = रीप्ले: खेल ख़त्म हो गया।
page-status-replay = रीप्ले — { $phase ->
    [throw] अगला दाँव
   *[move] अगली चाल
}: { $colour }।
page-game-over = खेल ख़त्म हो गया।
page-status-waiting = { $open ->
    [one] एक खिलाड़ी के खाली जगह लेने का इंतज़ार है।
   *[other] { $open } खिलाड़ियों के खाली जगहें लेने का इंतज़ार है।
}
page-status-turn = { $whose ->
    [you] आपकी बारी ({ $colour }): { $phase ->
        [throw] फेंकें
       *[move] चाल चुनें
    }
    [person] { $name } की बारी ({ $colour }): { $phase ->
        [throw] दाँव फेंकना है
       *[move] चाल चुननी है
    }
   *[seat] बारी: { $colour }, { $phase ->
        [throw] दाँव फेंकना है
       *[move] चाल चुननी है
    }
}।
page-status-passes = { $colour } चल नहीं सकता: बारी आगे जाती है।
page-status-for-partner = { $finished } की सारी गोटियाँ घर पहुँच चुकी हैं: उसकी बारी में साथी { $colour } दाँव फेंकता और चलता है।
page-status-bot = { $phase ->
    [throw] { $seat }: दाँव फेंका जा रहा है…
   *[move] { $seat }: चाल सोची जा रही है…
}
page-result-you-won = आपकी जीत हुई!
page-result-won = विजेता: { $team }।
# What the last move did. The mover other than the reader is a label: “हरा: पास किया।”
page-event-passed = { $you ->
    [yes] आपने पास किया।
   *[no] { $who }: पास किया।
}
page-event-entered = { $you ->
    [yes] आपकी एक { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    } खेल में आई।
   *[no] { $who }: एक { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    } खेल में आई।
}
page-event-home = { $you ->
    [yes] आपकी एक { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    } घर पहुँची।
   *[no] { $who }: एक { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    } घर पहुँची।
}
page-event-moved = { $you ->
    [yes] आपकी चाल हो गई।
   *[no] { $who }: चाल हो गई।
}
page-event-moved-steps = { $you ->
    [yes] आपने
   *[no] { $who }:
} { $pair ->
    [yes] एक जोड़ी
   *[no] एक { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    }
} { $steps ->
    [one] { $steps } खाना चलाई।
   *[other] { $steps } खाने चलाई।
}
page-event-sent-back = { $you ->
    [yes] आपकी { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    } कट गई!
   *[no] { $colour }: एक { $family ->
        [parcheesi] गोटी
        [ludo] गोटी
       *[other] गोटी
    } कट गई।
}
page-event-undone = चाल वापस ले ली गई।

## Why a piece cannot move (a tap on it says).

page-why-not-yours = यह { $family ->
    [parcheesi] गोटी
    [ludo] गोटी
   *[other] गोटी
} दूसरे रंग की है ({ $colour }); अभी बारी है: { $mover }।
page-why-bot = इस जगह से एक बॉट खेलता है।
page-why-other = इस रंग ({ $colour }) से { $name } खेल रहे हैं।
page-why-watching = आप यह खेल देख रहे हैं।
page-why-throw-first = पहले दाँव फेंकें।
page-why-home = यह { $family ->
    [parcheesi] गोटी
    [ludo] गोटी
   *[other] गोटी
} घर पहुँच चुकी है।
page-why-no-move = इस { $family ->
    [parcheesi] गोटी
    [ludo] गोटी
   *[other] गोटी
} की कोई चाल नहीं है।

## The room: invitations, options, handing a seat over, the chat, the clock.

page-copy-link = लिंक कॉपी करें
page-copied = कॉपी हो गया
page-copy-select = चुनकर कॉपी करें
page-qr-code = QR कोड: { $label }
page-invite-for = न्योता ({ $colour }): इसे उस दोस्त को भेजें जो इस रंग से खेलेगा
page-watch-link = देखने का लिंक: जिसके पास यह है, वह खेल देख सकता है, पर खेल नहीं सकता
page-room = कमरा
page-room-watching = दूसरों को खेल देखने दें (बंद करने पर देखने का लिंक काम नहीं करता)
page-room-public = खाली जगहें लॉबी में दिखाएँ
page-hand-to-label = अब से कौन खेलेगा: { $colour }
page-hand-to-bot = एक बॉट ({ $level ->
    [random] बेतरतीब चालें
    [heuristic] अच्छा
    [expectimax] मज़बूत
   *[mcts] मज़बूत, ज़्यादा देर सोचता है
})
page-hand-to-new = कोई नया खिलाड़ी, नए न्योते से
page-hand-over = सौंपें
# Followed by the choice of who plays the seat next and the button page-hand-over.
page-hand-row = { $colour }, अब से:
page-hand-over-heading = जगह किसी और को सौंपें
page-hand-over-help = उस खिलाड़ी के लिए जिसे जाना हो: या तो एक बॉट आगे खेलता है, या कोई नया खिलाड़ी नए न्योते से उसकी जगह ले लेता है।
page-chat-watching = (दर्शक)
page-chat-default-name = दर्शक
page-clock-label = { $you ->
    [yes] आपकी बारी में बचा समय: { $time }
   *[no] बचा समय ({ $colour }): { $time }
}

## The record: its download and the check of the throws.

page-verify-ok = सभी { $throws } दाँव मेल खाते हैं: सर्वर का सीड, जो अब खोला गया है, वही है जिसे सर्वर ने खेल से पहले पक्का कर दिया था, और खिलाड़ियों के सीड के साथ मिलकर उससे खेला गया हर दाँव निकलता है।
page-verify-failed = दाँव जाँच में खरे नहीं उतरे।
page-verify-seed-differs = खोला गया सीड वह नहीं है जिसे सर्वर ने खेल से पहले पक्का किया था।
page-verify-replay-error = रिकॉर्ड से खेल दोबारा नहीं चल सका: { $error }

## The replay viewer.

page-replay = रीप्ले
page-replay-first = पहला कदम
page-replay-prev = पिछला कदम
page-replay-next = अगला कदम
page-replay-last = आख़िरी कदम
page-replay-step = { $name }: { $last } में से कदम { $step }
page-replay-close = रीप्ले बंद करें
page-analyse = विश्लेषण करें

## The analysis.

page-analysis = विश्लेषण
page-analysis-table-region = हर खिलाड़ी के आँकड़े, तालिका दाएँ-बाएँ खिसकती है
page-analysis-per-seat = हर खिलाड़ी के आँकड़े
page-analysis-seat = खिलाड़ी
page-analysis-choices = फ़ैसले
page-analysis-average-loss = औसत नुकसान
page-analysis-inaccuracies = चूकें
page-analysis-mistakes = ग़लतियाँ
page-analysis-blunders = भारी भूलें
page-analysis-luck = क़िस्मत
page-analysis-in-points = जीत की संभावना के अंकों में
page-points = { $points ->
    [1.0] { $points } अंक
   *[other] { $points } अंक
}
page-judge = { $kind ->
    [heuristic] एक बॉट, जो हर चाल को उसके बाद बनी स्थिति से परखता है
    [now] एक बॉट, जो हाथ के दाँव को चलने का हर तरीका तौलता है, पर उससे आगे नहीं देखता
    [search] एक बॉट, जो { $depth ->
        [one] एक दाँव
       *[other] { $depth } दाँव
    } आगे तक खोजता है
   *[other] एक बॉट ({ $bot })
}
page-analysis-about = परखने वाला: { $judge }। किसी चाल का नुकसान यह है कि उसने चलने वाले के जीतने की संभावना को सबसे अच्छी चाल के मुक़ाबले कितना कम छोड़ा, अंकों में (एक अंक यानी जीतने की संभावना का 1%): ?! एक चूक है ({ $inaccuracy } या ज़्यादा अंकों का नुकसान), ? एक ग़लती ({ $mistake } या ज़्यादा), ?? एक भारी भूल ({ $blunder } या ज़्यादा)। यह बॉट की राय है, अंतिम सच नहीं।
page-judge-same-all = इस खेल में खेले बॉट उसी तरह परखते हैं जैसे यह विश्लेषण, इसलिए उनकी चालों में कोई नुकसान नहीं दिखता।
page-judge-same = { $count ->
    [one] { $bots } एक ऐसा बॉट था जो विश्लेषण की तरह ही परखता है, इसलिए उसकी चालों में कोई नुकसान नहीं दिखता।
   *[other] { $bots } ऐसे बॉट थे जो विश्लेषण की तरह ही परखते हैं, इसलिए उनकी चालों में कोई नुकसान नहीं दिखता।
}
page-judge-further = { $count ->
    [one] { $bots } एक ऐसा बॉट था जो विश्लेषण से ज़्यादा आगे तक देखता है: जहाँ विश्लेषण उसकी चालों पर निशान लगाता है, वहाँ हो सकता है कि बॉट ही सही हो।
   *[other] { $bots } ऐसे बॉट थे जो विश्लेषण से ज़्यादा आगे तक देखते हैं: जहाँ विश्लेषण उनकी चालों पर निशान लगाता है, वहाँ हो सकता है कि बॉट ही सही हों।
}
page-judge-no-person = विश्लेषण सबसे ज़्यादा काम का उस खेल पर है जिसे किसी इंसान ने खेला हो।
page-luck-by = { $team } ({ $first ->
    [yes] { $points ->
        [1.0] { $points } अंक
       *[other] { $points } अंक
    }
   *[no] { $points }
})
page-luck = क़िस्मत — { $how ->
    [both] दाँवों का फ़ायदा मिला: { $lucky }; नुकसान हुआ: { $unlucky }
    [lucky] दाँवों का फ़ायदा मिला: { $lucky }
   *[unlucky] दाँवों से नुकसान हुआ: { $unlucky }
} (जीतने की संभावना के अंक, औसत दाँवों के मुक़ाबले)।
page-luck-even = क़िस्मत: दाँव ठीक औसत जितने अच्छे रहे।
page-step-start = खेल की शुरुआत।
# $move and $best are a move's words with $inside yes (पास करना, ... चलाना), so they stand
# after a colon as the choice made.
page-step-best = चाल { $step } ({ $seat }), चुनाव: { $move } (इसके बाद जीतने की संभावना { $chance }%); { $choices } विकल्पों में सबसे अच्छा।
page-step-worse = चाल { $step } ({ $seat }), चुनाव: { $move } (इसके बाद जीतने की संभावना { $chance }%)। बेहतर था: { $best } ({ $bestChance }%), यानी { $loss } का नुकसान{ $mark ->
    [inaccuracy] : एक चूक (?!)।
    [mistake] : एक ग़लती (?)।
    [blunder] : एक भारी भूल (??)।
   *[none] {"।"}
}
page-step-throw = दाँव { $step } ({ $seat }): { $throw }। इससे पहले जीतने की संभावना औसतन { $before }% थी, और इसके बाद { $after }%: { $luck ->
    [favoured] इस दाँव से { $points } का फ़ायदा हुआ।
    [against] इस दाँव से { $points } का नुकसान हुआ।
   *[even] औसत दाँव।
}
page-step-forced = चाल { $step }: कोई और विकल्प नहीं था।
page-mark-title = { $mark ->
    [inaccuracy] चूक
    [mistake] ग़लती
   *[blunder] भारी भूल
}: इस चाल से जीतने की संभावना के { $points } अंक गए
page-chances = जीतने की संभावना { $when ->
    [end] अंत में
   *[throw] दाँव { $throw } से पहले
}: { $chances }।
page-chances-side = { $team } { $percent }%
page-graph-title = पूरे खेल में जीतने की संभावना
page-graph-line = { $team }: { $dash ->
    [solid] सीधी रेखा
   *[dashed] टूटी रेखा
}{ $end ->
    [yes] {" "}(कदम { $step } पर { $percent }%)
   *[no] {""}
}
page-graph-desc = खेल के { $steps } कदमों में हर दाँव से पहले हर पक्ष के जीतने की अनुमानित संभावना, 0 से 100% तक। रेखाएँ: { $lines }। कोई कदम देखने के लिए उस पर क्लिक करें।
page-graph-step = कदम { $step }

## The guided first game (/learn) and the first game's tips.

page-learn-title = पचीसी खेलना सीखें
page-learn-choose-about = असली बोर्ड पर छोटे-छोटे कदम: हर कदम एक नियम दिखाता है, आपसे वह चाल चलवाता है, और उस दस्तावेज़ से उद्धरण देता है जिससे वह नियम लिया गया है। फिर आसान बॉटों के ख़िलाफ़ पहला खेल खेलें।
page-learn-tour = { $first ->
    [yes] { $title }: पूरा खेल
   *[no] { $title }: क्या अलग है
}
page-learn-steps = { $count ->
    [one] { $count } कदम
   *[other] { $count } कदम
}
page-learn-counter = { $tour }: { $steps } में से कदम { $step }
page-learn-step-title = { $step } · { $tour }
page-learn-throw-box = दाँव
page-learn-source = यह कहाँ से आया है
page-learn-move-help = चाल चुनें: यहाँ कोई बटन (कुंजियाँ 1 से 9), या बोर्ड पर निशान वाली गोटी।
page-learn-next = आगे
page-learn-finish = पूरा करें
page-learn-other-tours = दूसरे पाठ
page-learn-end = पाठ पूरा हुआ: { $tour }
page-learn-play-about = आपका पहला खेल, आसान बॉटों के ख़िलाफ़: कुछ ख़ास होने पर (पौ, गोटी कटना, बारी छूट जाना) सुझाव मिलते रहेंगे।
page-learn-play = पहला खेल खेलें
page-learn-starting = खेल शुरू हो रहा है…
page-tip-throw = { $count ->
    [one] { $value ->
        [8] { $value }
        [11] { $value }
        [18] { $value }
       *[other] { $value }
    }
   *[other] { $values }
}
page-tip-label = सुझाव:
page-tip-dismiss = ठीक है
