# The terminal game (`pachisi play`): the legend that says what the board shows, and the moves
# in words, in the list to choose from and in the log.
#
# Hindi: colours ($owner, $who) are labels here, after a colon or in brackets, so that they keep
# their plain form (see common.ftl).

## The legend. Each line follows the sign the board draws ("x", "C", "(|)"), which is not
## translated: it is what the screen shows.

term-legend-title = बोर्ड पर क्या दिखता है
term-legend-more = ? फिर से: कुंजियाँ
term-legend-keys-more = ? फिर से: बोर्ड पर क्या दिखता है
# $shells: how many cowries are thrown.
term-legend-shells = { $shells } कौड़ियाँ फेंकी जाती हैं: (|) यानी मुँह ऊपर गिरी, ( ) यानी मुँह नीचे। जितनी कौड़ियाँ मुँह ऊपर गिरीं, उनसे दाँव का मान तय होता है:
# One line of the value table. $up: shells mouth up; $value: the throw's value; $grace and
# $again: "yes" when the throw brings a piece in, and when it earns another throw.
term-legend-shell-value = { $up ->
        [0] कोई ऊपर नहीं
        [one] एक ऊपर
       *[other] { $up } ऊपर
    }: { $value }{ $grace ->
        [yes] , पौ
       *[no] {""}
    }{ $again ->
        [yes] , फिर से दाँव
       *[no] {""}
    }
term-legend-grace = पौ से एक गोटी खेल में आ सकती है।
# $kind: "one" (one die), "sum" (dice counted together), "separate" (each die on its own).
term-legend-dice = { $kind ->
        [one] पासा जैसा गिरा: उसका अंक बताता है कि गोटी कितने खाने चलेगी।
        [sum] पासे जैसे गिरे: उनका जोड़ बताता है कि गोटी कितने खाने चलेगी।
       *[separate] पासे जैसे गिरे: हर पासे का अंक अलग से ख़र्च होता है, एक गोटी से या दो से।
    }
# $rule: what a castle does under the rules ("closed", "shared", "send-back").
term-legend-castle = { $rule ->
        [closed] किला: सुरक्षित खाना, जहाँ कोई गोटी नहीं कटती; जिस किले पर विरोधी का कब्ज़ा हो, वहाँ कोई गोटी रुक नहीं सकती।
        [shared] सुरक्षित खाना: वहाँ कोई गोटी नहीं कटती, और हर रंग की गोटियाँ वहाँ साथ रह सकती हैं।
       *[send-back] सुरक्षित खाना: जो गोटी वहाँ विरोधी की गोटी पर उतरती है, वह ख़ुद अपनी शुरुआत की जगह लौट जाती है।
    }
term-legend-charkoni = चारकोनी, यानी बीच का खाना: गोटियाँ यहीं से शुरू होती हैं और यहीं पूरी होती हैं।
term-legend-home = बीच का खाना: गोटियाँ यहाँ पहुँचकर पूरी होती हैं। जब तक कोई दाँव उन्हें खेल में न लाए, वे अपने कोने में, घोंसले में, इंतज़ार करती हैं।
term-legend-goal = बीच का खाना। गोटियाँ मंज़िल में पहुँचकर पूरी होती हैं, यानी अपनी भुजा की बीच वाली कतार के आख़िरी खानों में; जब तक कोई दाँव उन्हें खेल में न लाए, वे अपने कोने में, घोंसले में, इंतज़ार करती हैं।
term-legend-route-sign = रास्ता
# $start: "charkoni" or "nest"; $entry: "own" when pieces come in on their own arm;
# $direction: "clockwise" or "counterclockwise"; $finish: "charkoni", "home" or "goal".
term-legend-route = { $start ->
        [charkoni] अपनी भुजा की बीच वाली कतार में नीचे
       *[nest] { $entry ->
            [own] अपने घोंसले से अपनी भुजा पर
           *[other] अपने घोंसले से बोर्ड पर
        }
    }, फिर { $direction ->
        [clockwise] घड़ी की दिशा में
       *[counterclockwise] घड़ी की उलटी दिशा में
    } बोर्ड का चक्कर, { $finish ->
        [charkoni] और बीच वाली कतार से ऊपर चढ़कर वापस चारकोनी में।
        [goal] और अपनी भुजा की बीच वाली कतार से ऊपर चढ़कर मंज़िल में।
       *[home] और अपनी भुजा की बीच वाली कतार से ऊपर चढ़कर घर में।
    }
# $example: a seat's letter and 3 ("Y3"). The letters are the board's signs, not translated.
term-legend-pieces = गोटियाँ, अपने खिलाड़ी के अक्षर से; { $example }: एक खाने पर तीन गोटियाँ।
term-legend-highlight = नीला: पिछली चाल के खाने; हरा: आपकी चुनी हुई चाल के खाने।

# The short legend, where the window leaves only a few lines under the board.
term-legend-short-castle = किला, सुरक्षित
term-legend-short-shells = कौड़ी मुँह ऊपर
term-legend-short-dice = पासे
term-legend-short-charkoni = चारकोनी: शुरुआत, अंत
term-legend-short-home = बीच: अंत
term-legend-short-more = और

## Moves in words. A piece is named by where it stands among the mover's pieces on the board.

# $rank: "only", "front", "second", "third", "back", or "other" with $number (from the front).
# Said to the mover, in a sentence that tells them what to do: "अपनी ... गोटी".
term-piece = { $rank ->
        [only] अपनी गोटी
        [front] अपनी सबसे आगे वाली गोटी
        [second] अपनी दूसरी गोटी
        [third] अपनी तीसरी गोटी
        [back] अपनी सबसे पीछे वाली गोटी
       *[other] अपनी { $number }वीं गोटी
    }
term-pair = { $rank ->
        [only] अपनी जोड़ी
        [front] अपनी सबसे आगे वाली जोड़ी
        [second] अपनी दूसरी जोड़ी
        [third] अपनी तीसरी जोड़ी
        [back] अपनी सबसे पीछे वाली जोड़ी
       *[other] अपनी { $number }वीं जोड़ी
    }
# Where a square is. $kind: "lane" (the mover's own middle row), "own" (the mover's own arm),
# "seat" (the arm of the seat $owner), "seat-lane" (the lane of the seat $owner, said in the
# log), "side" (an arm no seat sits at, by $side on the screen).
# Hindi: a place without its postposition (आपकी गली, आपकी भुजा); the messages that use it add
# में or के किले पर. The seat's colour is a label in brackets. आपकी, not अपनी: the game in words
# (speak.ftl) says these places to a listener in sentences about other seats' pieces too, where
# अपनी would mean the other seat's own arm.
term-where = { $kind ->
        [lane] आपकी गली
        [own] आपकी भुजा
        [seat] भुजा ({ $owner })
        [seat-lane] गली ({ $owner })
       *[side] { $side ->
            [bottom] नीचे वाली भुजा
            [right] दाईं भुजा
            [top] ऊपर वाली भुजा
           *[left] बाईं भुजा
        }
    }
# Where a move ends, when that is news: $where is one of the places above.
term-to-castle = , { $where } के किले पर
term-to-region = , अब { $where } में
term-to-charkoni = , घर तक, चारकोनी में
term-to-home = , घर तक
term-to-goal = , मंज़िल में
term-round-again = , फिर से चक्कर लगाते हुए
# A part of a throw spent: $steps of the $value.
term-part = , { $value } में से { $steps }
# $victims: who is sent back, made of term-victim joined by term-and.
term-capturing = , { $victims } काटते हुए
term-victim = { $count ->
        [one] एक गोटी
       *[other] { $count } गोटियाँ
    } ({ $owner })
term-and = { $first } और { $second }

# The move list (present) and the sentence under it.
term-move-pass = पास
term-move-pass-full = पास: दाँव का बाकी हिस्सा छोड़ दें।
term-move-enter = { $value } से एक गोटी खेल में लाएँ
term-move-enter-sum = { $first } और { $second } से एक गोटी खेल में लाएँ
# $piece: a term-piece or term-pair; $count: squares.
term-move-advance = { $piece } { $count ->
        [one] एक खाना
       *[other] { $count } खाने
    } चलाएँ
# The place of the piece that moves, in the sentence: "आपकी गली में खड़ी अपनी सबसे आगे वाली गोटी".
term-piece-at = { $where } में खड़ी { $piece }
term-sentence = { $text }।

# The log (past). $who: the seat's colour; $throw: the throw as it is written.
term-log-threw = { $who }, दाँव { $throw }।
term-log-threw-then = { $who }, दाँव { $throw }:
term-log-no-move = { $who }, दाँव { $throw }: कोई चाल नहीं
# Turns that were only a pass, folded into one line: $list of "हरा (3)" joined by commas.
term-log-no-moves = कोई चाल नहीं: { $list }
term-log-seat-throw = { $who } ({ $throw })
term-did-pass = पास किया
term-did-enter = एक गोटी खेल में लाई
term-did-advance = { $pair ->
        [yes] एक जोड़ी
       *[no] एक गोटी
    } { $count ->
        [one] एक खाना
       *[other] { $count } खाने
    } चलाई

# The status line after a move: $did is a move of the log, $tag its notation.
term-status-moved = { $who }: { $did } ({ $tag })
