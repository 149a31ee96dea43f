# The terminal game's screens (`pachisi play`, `pachisi replay`): the status line, the panel's
# titles and lines, the keys, the windows over the board, the replay viewer and its analysis,
# and what the command prints around them. The signs the board draws (letters, x, C, (|), [5])
# are not words and stay as they are.
#
# Hindi: the keys (Enter, q, w, ?, PgUp, Esc, Ctrl-C, the arrows) are what the keyboard shows and
# stay as they are; the labels of the panel and the corners are kept short. Colours ($who,
# $name) are labels, after a comma or a colon or in brackets (see common.ftl).

## Who plays each seat, beside its corner and in the top line.

play-seat-you = आप
play-seat-human = खिलाड़ी { $number }
# $spec: the bot's spec as it was given (heuristic, mcts:playouts=300): not translated.
play-seat-bot = बॉट { $spec }

## The top line.

play-title-over = खेल ख़त्म
# $doing: "throw" or "move"; $player: who plays the seat (play-seat-*), or nothing.
play-title-turn = { $player ->
        [none] {""}
       *[some] ({ $label }){" "}
    }{ $doing ->
        [throw] फेंकने की बारी
       *[move] चाल की बारी
    }
play-title-for-partner = { $finished } के लिए (सब घर)
play-title-replay = रीप्ले: { $name } ·{" "}

## The board's corners and centre.

# $start: "nest" or "waiting"; $marks: the pieces as letters (YY, or - for none).
play-corner-start = { $start ->
        [nest] घोंसला { $marks }
       *[waiting] इंतज़ार { $marks }
    }
play-corner-finished = { $goal ->
        [yes] मंज़िल { $marks }
       *[no] घर { $marks }
    }
play-centre-charkoni = चारकोनी
play-centre-home = घर

## The panel.

play-team = टीम { $number }
# $goal: "yes" where pieces finish in the goal; $done of $total pieces finished.
play-team-finished = { $goal ->
        [yes] मंज़िल { $done }/{ $total }
       *[no] घर { $done }/{ $total }
    }
play-team-place = { $place ->
        [1] पहले स्थान पर
        [2] दूसरे स्थान पर
        [3] तीसरे स्थान पर
       *[other] { $place }वें स्थान पर
    }
play-throw-title = दाँव ({ $who })
play-throw-title-none = दाँव
play-no-throw = अभी तक कोई दाँव नहीं।
play-mouth-up = { $up } मुँह ऊपर
play-dice-count = ({ $count ->
        [one] { $count } पासा
       *[other] { $count } पासे
    })
play-to-spend = ख़र्च करने को: { $list }
play-to-spend-nothing = ख़र्च करने को: कुछ नहीं
play-section-moves = चालें
play-section-log = ब्योरा
play-section-analysis = विश्लेषण
play-moves-throw = Enter: फेंकें

## The status line.

play-welcome = Enter: दाँव फेंकें और चुनी हुई चाल चलें। ?: सारी कुंजियाँ।
# $throw: the throw as written.
play-turn-passed = बारी निकल गई: दाँव { $throw } से आपकी कोई गोटी नहीं चल सकी (w: क्यों)।
play-status-threw = { $who }, दाँव { $throw }
play-status-passed = { $who }: पास किया
play-status-played = { $who }: चाल { $move }
# $result: the result (speak-event-over).
play-status-over = { $result } s: रिकॉर्ड सहेजें, q: बाहर निकलें।
play-over-keys = खेल ख़त्म हो गया: s से रिकॉर्ड सहेजें, q से बाहर निकलें।
play-no-move-number = चाल { $number } नहीं है
play-no-pass = नियम अभी पास करने नहीं देते
play-move-refused = यह चाल अभी नहीं चली जा सकती
play-why-when = चाल चुनते समय w बताता है कि आपकी गोटियाँ क्यों नहीं चल सकतीं
play-hint-when = सुझाव आपकी चाल के लिए है: पहले दाँव फेंकें
play-hint-none = बॉट { $spec } जीत की संभावना नहीं बताता
play-undone = आपकी पिछली चाल वापस ले ली गई।
play-undo-people = चाल वापस लेना केवल बॉटों के ख़िलाफ़ खेल में होता है: जब कई लोग एक कीबोर्ड पर खेलें, तो चली हुई चाल बनी रहती है
play-undo-over = खेल ख़त्म हो चुका है: उसका नतीजा तय है, और उसे वापस नहीं लिया जा सकता
play-undo-nothing = आपकी ऐसी कोई चाल नहीं है जिसे वापस लिया जा सके
play-saved = रिकॉर्ड सहेजा गया: { $path }
# $error: what the system said, as it said it.
play-save-failed = सहेजा नहीं जा सका: { $error }
play-cannot-write = { $path } में लिखा नहीं जा सका: { $error }
play-board-arms = टर्मिनल का बोर्ड चार भुजाओं वाला क्रॉस बनाता है; इन नियमों के बोर्ड में { $arms } भुजाएँ हैं

## The keys line, and the keys in the help window (each key, then what it does).

play-keys = Enter चलें  ↑↓ चुनें  p पास  w क्यों  h सुझाव  u वापस  s सहेजें  ? मदद  q बाहर
play-keys-title = कुंजियाँ
play-key-go = Enter, स्पेस
play-key-go-does = दाँव फेंकें; चुनी हुई चाल चलें
play-key-choose = ↑ ↓, k j
play-key-choose-does = चाल चुनें
play-key-number = 1-9
play-key-number-does = उस संख्या वाली चाल चलें
play-key-click = क्लिक
play-key-click-piece-does = गोटी पर: उसकी चाल चुनें; फिर से: अगली चाल
play-key-click-square-does = हरे खाने पर: चाल चलें
play-key-pass = p
play-key-pass-does = पास करें, जहाँ नियम इसकी अनुमति दें
play-key-why = w
play-key-why-does = आपकी गोटियाँ क्यों नहीं चल सकतीं
play-key-hint = h
play-key-hint-does = सुझाव: जीत की संभावना के साथ चालें, सबसे अच्छी पहले
play-key-undo = u
play-key-undo-does = अपनी पिछली चाल वापस लें (बॉटों के ख़िलाफ़)
play-key-save = s
play-key-save-does = रिकॉर्ड सहेजें
play-key-log = PgUp PgDn
play-key-log-does = ब्योरा ऊपर-नीचे करें
play-key-quit = q, Esc
play-key-quit-does = बाहर निकलें (बिना सहेजी चालें हों तो पूछता है)
play-key-interrupt = Ctrl-C
play-key-interrupt-does = तुरंत बाहर निकलें, बिना सहेजी चालें सहेजकर

## The windows over the board.

play-hint-title = सुझाव: चालें, सबसे अच्छी पहले
play-hint-footer = आपके पक्ष के जीतने की संभावना। Enter पहली चाल चलता है; कोई और कुंजी बंद करती है।
play-why-title = गोटियाँ क्यों नहीं चल सकतीं
play-why-passed = आपका दाँव { $throw } था, और आपकी बारी निकल गई:
play-why-all-can = रास्ते पर खड़ी आपकी हर गोटी चल सकती है।
play-why-all-can-enter = आपकी कोई गोटी अभी बोर्ड पर नहीं है, और इंतज़ार कर रही हर गोटी इस दाँव से खेल में आ सकती है।
play-any-key = कोई भी कुंजी इसे बंद करती है।
play-quit-title = खेल छोड़ें?
play-quit-unsaved = खेल में ऐसी चालें हैं जो सहेजी नहीं गईं।
play-quit-save = s  रिकॉर्ड सहेजकर बाहर निकलें
play-quit-leave = y  बिना सहेजे बाहर निकलें
play-quit-back = कोई और कुंजी: खेल में लौटें

## A window too small for the board.

play-too-small = बोर्ड के लिए विंडो बहुत छोटी है।
play-too-small-size = यह { $width }×{ $height } है; बोर्ड को कम से कम { $min-width }×{ $min-height } चाहिए।
play-too-small-what = विंडो बड़ी करें या फ़ॉन्ट छोटा करें; q से बाहर निकलें (बिना सहेजी चालें सहेज ली जाती हैं)।

## The replay viewer.

play-replay-action = क्रिया { $at } / { $count }
play-replay-over = खेल ख़त्म हो चुका है
play-replay-running = विश्लेषण चल रहा है
play-replay-analysed = खेल का विश्लेषण हो गया: s सार दिखाता है, c ग्राफ़ बनाता है
play-replay-wait = विश्लेषण पूरा होने तक रुकें
play-replay-analyse-first = पहले a से खेल का विश्लेषण करें
play-replay-no-marked-after = इसके बाद कोई चिह्नित चाल नहीं
play-replay-no-marked-before = इससे पहले कोई चिह्नित चाल नहीं
play-replay-analysing = विश्लेषण हो रहा है…
play-replay-progress = विश्लेषण: { $total } में से { $done } स्थितियाँ
play-replay-failed = विश्लेषण नहीं हुआ: { $error }
play-replay-keys = → ← एक क्रिया  ↓ ↑ एक बारी  Home End  a विश्लेषण  ? मदद  q बाहर
play-replay-keys-analysed = → ← क्रिया  ↓ ↑ बारी  n N चिह्नित चाल  c ग्राफ़  s सार  ? मदद  q बाहर
play-replay-key-next = → l स्पेस
play-replay-key-next-does = अगली क्रिया (दाँव या चाल)
play-replay-key-back = ← h
play-replay-key-back-does = पिछली क्रिया
play-replay-key-turn = ↓ j PgDn
play-replay-key-turn-does = अगली बारी का अंत
play-replay-key-turn-back = ↑ k PgUp
play-replay-key-turn-back-does = पिछली बारी का अंत
play-replay-key-start = Home g
play-replay-key-start-does = शुरुआत
play-replay-key-end = End G
play-replay-key-end-does = अंत
play-replay-key-analyse = a
play-replay-key-analyse-does = खेल का विश्लेषण: हर चाल की परख, हर दाँव की क़िस्मत
play-replay-key-marked = n ]
play-replay-key-marked-does = अगली चिह्नित चाल (?! चूक, ? ग़लती, ?? भारी भूल)
play-replay-key-marked-back = N [
play-replay-key-marked-back-does = पिछली चिह्नित चाल
play-replay-key-graph = c
play-replay-key-graph-does = हर पक्ष की जीत की संभावना का ग्राफ़; c फिर से दबाने पर बंद होता है
play-replay-key-summary = s
play-replay-key-summary-does = विश्लेषण का सार, हर खिलाड़ी (और टीम) का अलग
play-replay-key-quit = q Esc
play-replay-key-quit-does = बाहर निकलें (Esc पहले ग्राफ़ बंद करता है)

## The analysis in the replay viewer. Chances and losses are given as numbers already written
## ($chance "53.9%", $loss "3.0").

play-analysis-start = शुरुआत: हर क्रिया की परख देखने के लिए आगे बढ़ें।
play-analysis-marked = चिह्नित चालें:{" "}
play-analysis-next = n और N: अगली और पिछली चिह्नित चाल।
play-analysis-played = चली
play-analysis-best = सबसे अच्छी
play-analysis-best-played = सबसे अच्छी चाल यही थी
play-analysis-loss = नुक़सान { $loss } अंक
play-analysis-inaccuracy = चूक
play-analysis-mistake = ग़लती
play-analysis-blunder = भारी भूल
play-analysis-forced = मजबूरी की चाल: हर वैध चाल एक ही स्थिति तक ले जाती है, इसलिए इसकी परख नहीं होती
play-analysis-threw = दाँव ({ $throw })  क़िस्मत{" "}
play-analysis-luck = { $luck } अंक
play-analysis-chance = संभावना: अपेक्षित { $before }, बाद में { $after }
play-analysis-by = विश्लेषक: { $evaluator }। नुक़सान और क़िस्मत, जीत की संभावना के अंकों में।
play-analysis-choices = विकल्प
play-analysis-average-loss = औसत नुक़सान
play-analysis-throws = दाँव
play-analysis-luck-column = क़िस्मत
# Hindi: "one" holds 0 as well as 1, so 0 has its own variant.
play-analysis-forced-count = { $count ->
        [0] किसी चाल में मजबूरी नहीं थी। कोई भी कुंजी इसे बंद करती है।
        [one] एक चाल में कोई विकल्प नहीं था। कोई भी कुंजी इसे बंद करती है।
       *[other] { $count } चालों में कोई विकल्प नहीं था। कोई भी कुंजी इसे बंद करती है।
    }
play-analysis-chances = जीत की संभावना
play-analysis-failed-start = विश्लेषण शुरू नहीं हो सका: { $error }
play-analysis-no-result = विश्लेषण बिना नतीजे के ख़त्म हो गया

## The game in lines, for a screen reader (`pachisi play --screen-reader`). $who and $name as
## in speak.ftl: "you" when one person plays, else the seat to play by its colour.

lines-intro = { $ruleset }। आदेशों के लिए मदद (help) लिखें; चाल की संख्या लिखकर वह चाल चलें।
# $seat: speak-seat-heading; $player: play-seat-*.
lines-seat = { $seat }: { $player }।
lines-for-partner = { $finished } की सारी गोटियाँ घर पहुँच चुकी हैं: यह { $finished } की बारी है, जिसे साथी खेलता है।
lines-prompt-throw = { $who ->
        [seat] { $name }, दाँव फेंकने की बारी: t या Enter से फेंकें।
       *[you] आपकी बारी: t या Enter से दाँव फेंकें।
    }
lines-prompt-move = { $who ->
        [seat] { $name }, चाल की बारी: चाल की संख्या लिखें, या कोई आदेश।
       *[you] आपकी चाल: उसकी संख्या लिखें, या कोई आदेश।
    }
lines-moves = { $who ->
        [seat] चालें ({ $name }):
       *[you] आपकी चालें:
    }
lines-no-move = चाल { $number } नहीं है: चालें 1 से { $count } तक हैं।
lines-not-now = दाँव फेंका जा चुका है: संख्या लिखकर एक चाल चुनें।
lines-saved = रिकॉर्ड सहेजा गया: { $path }
lines-save-failed = रिकॉर्ड सहेजा नहीं जा सका: { $error }
lines-input-ended = खेल पूरा होने से पहले ही इनपुट ख़त्म हो गया
lines-input-ended-saved = खेल पूरा होने से पहले ही इनपुट ख़त्म हो गया; अब तक की चालें सहेजी गई हैं: { $path }
lines-left = आपने खेल छोड़ दिया।

## What the command prints.

play-needs-terminal = इस खेल को टर्मिनल चाहिए: इसे टर्मिनल विंडो में चलाएँ, इनपुट या आउटपुट को कहीं और भेजे बिना (--screen-reader के साथ यह टेक्स्ट की पंक्तियों में खेला जाता है)
play-record-saved = रिकॉर्ड सहेजा गया: { $path }; `{ $command }` से इसे कदम-दर-कदम देखें।
play-record-not-saved = खेल सहेजा नहीं गया (seed { $seed })।
# --lang named a language with no catalogue: $tag as given.
play-language-unknown = “{ $tag }” भाषा में कोई संदेश नहीं है: खेल अंग्रेज़ी में चलेगा।
