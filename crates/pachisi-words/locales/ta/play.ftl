# The terminal game's screens (`pachisi play`, `pachisi replay`): the status line, the panel's
# titles and lines, the keys, the windows over the board, the replay viewer and its analysis,
# and what the command prints around them. The signs the board draws (letters, x, C, (|), [5])
# are not words and stay as they are.
#
# Tamil: the labels are kept short, since they sit in narrow columns (a corner of the board is
# 14 columns at 80×24, the keys line 80). The keys keep their names (Enter, Esc, PgUp, q, ...):
# they are the same keys in every language.

## Who plays each seat, beside its corner and in the top line.

play-seat-you = நீங்கள்
play-seat-human = ஆட்டக்காரர் { $number }
# $spec: the bot's spec as it was given (heuristic, mcts:playouts=300): not translated.
play-seat-bot = கணினி { $spec }

## The top line.

play-title-over = ஆட்டம் முடிந்தது
# $doing: "throw" or "move"; $player: who plays the seat (play-seat-*), or nothing.
play-title-turn = { $player ->
        [none] {""}
       *[some] ({ $label }){" "}
    }{ $doing ->
        [throw] வீச
       *[move] நகர்த்த
    }
play-title-for-partner = { $finished } சார்பாக (எல்லாம் பழம்)
play-title-replay = மீள்பார்வை: { $name } ·{" "}

## The board's corners and centre.

# $start: "nest" or "waiting"; $marks: the pieces as letters (YY, or - for none).
# Tamil: "waiting" (Pachisi's pieces in the Charkoni) is தொடக்கம், "the start", as in the short
# legend ("சார்கோணி: தொடக்கம், முடிவு"): காத்திருப்பு and four letters are wider than a corner.
play-corner-start = { $start ->
        [nest] மனை { $marks }
       *[waiting] தொடக்கம் { $marks }
    }
play-corner-finished = { $goal ->
        [yes] இலக்கு { $marks }
       *[no] பழம் { $marks }
    }
play-centre-charkoni = சார்கோணி
play-centre-home = பழம்

## The panel.

play-team = அணி { $number }
# $goal: "yes" where pieces finish in the goal; $done of $total pieces finished.
play-team-finished = { $goal ->
        [yes] இலக்கு { $done }/{ $total }
       *[no] பழம் { $done }/{ $total }
    }
play-team-place = { $place ->
        [1] முதலிடம்
        [2] இரண்டாமிடம்
        [3] மூன்றாமிடம்
       *[other] { $place }-ஆம் இடம்
    }
# Tamil: $who is a colour, which cannot take the genitive: "வீச்சு: பச்சை".
play-throw-title = வீச்சு: { $who }
play-throw-title-none = வீச்சு
play-no-throw = இன்னும் வீச்சு இல்லை.
play-mouth-up = { $up } வாய் மேல்
play-dice-count = { $count ->
        [one] (ஒரு பகடை)
       *[other] ({ $count } பகடைகள்)
    }
play-to-spend = மீதம்: { $list }
play-to-spend-nothing = மீதம்: இல்லை
play-section-moves = நகர்வுகள்
play-section-log = நடந்தவை
play-section-analysis = பகுப்பாய்வு
play-moves-throw = Enter: வீசு

## The status line.

play-welcome = Enter வீசும், தேர்ந்த நகர்வை ஆடும். ? எல்லா விசைகளையும் காட்டும்.
# $throw: the throw as written.
play-turn-passed = முறை போனது: உங்கள் { $throw } எந்தக் காயையும் நகர்த்தவில்லை (ஏன் என்று w சொல்லும்).
play-status-threw = { $who } { $throw } வீசியது
play-status-passed = { $who } விட்டது
play-status-played = { $who } ஆடியது: { $move }
# $result: the result (speak-event-over).
play-status-over = { $result } பதிவைச் சேமிக்க s, வெளியேற q.
play-over-keys = ஆட்டம் முடிந்தது: s பதிவைச் சேமிக்கும், q வெளியேறும்.
play-no-move-number = நகர்வு { $number } இல்லை
play-no-pass = இப்போது விட விதிகள் அனுமதிக்கவில்லை
play-move-refused = அந்த நகர்வை இப்போது ஆட முடியாது
play-why-when = நீங்கள் நகர்வைத் தேர்ந்தெடுக்கும்போது w உங்கள் காய்களை விளக்கும்
play-hint-when = யோசனை உங்கள் நகர்வுக்கு: முதலில் வீசுங்கள்
play-hint-none = { $spec } கணினி வெற்றி வாய்ப்புகளைச் சொல்வதில்லை
play-undone = உங்கள் கடைசி நகர்வு தவிர்க்கப்பட்டது.
play-undo-people = செயல்தவிர் கணினியுடன் ஆடும்போது மட்டுமே: பலர் ஆடும்போது நகர்வு நிலைக்கும்
play-undo-over = ஆட்டம் முடிந்தது: அதன் முடிவு நிலைக்கும், செயல்தவிர் அதை மாற்றாது
play-undo-nothing = தவிர்க்க உங்கள் நகர்வு எதுவும் இல்லை
play-saved = பதிவு சேமிக்கப்பட்டது: { $path }
# $error: what the system said, as it said it.
play-save-failed = சேமிக்க முடியவில்லை: { $error }
play-cannot-write = { $path } கோப்பில் எழுத முடியவில்லை: { $error }
play-board-arms = முனையம் நான்கு கிளைகள் கொண்ட குறுக்குப் பலகையை மட்டுமே வரையும்; இந்த ஆடும் முறையின் பலகைக்கு { $arms } கிளைகள்

## The keys line, and the keys in the help window (each key, then what it does).

play-keys = Enter ஆடு  ↑↓ தேர்வு  p விடு  w ஏன்  h யோசனை  u தவிர்  s சேமி  ? உதவி  q வெளியேறு
play-keys-title = விசைகள்
play-key-go = Enter, space
play-key-go-does = வீசு; தேர்ந்த நகர்வை ஆடு
play-key-choose = ↑ ↓, k j
play-key-choose-does = நகர்வைத் தேர்ந்தெடு
play-key-number = 1-9
play-key-number-does = அந்த எண்ணுள்ள நகர்வை ஆடு
play-key-click = சொடுக்கு
play-key-click-piece-does = காய் மீது: அதன் நகர்வைத் தேர்; மீண்டும்: அடுத்தது
play-key-click-square-does = பச்சைக் கட்டம் மீது: நகர்வை ஆடு
play-key-pass = p
play-key-pass-does = விடு, விதிகள் அனுமதிக்கும் இடத்தில்
play-key-why = w
play-key-why-does = உங்கள் காய்கள் ஏன் நகர முடியாது
play-key-hint = h
play-key-hint-does = யோசனை: நகர்வுகள், வெற்றி வாய்ப்பின்படி வரிசையாக
play-key-undo = u
play-key-undo-does = உங்கள் கடைசி நகர்வைத் தவிர் (கணினியுடன் ஆடும்போது)
play-key-save = s
play-key-save-does = பதிவைச் சேமி
play-key-log = PgUp PgDn
play-key-log-does = நடந்தவற்றை மேலும் கீழும் நகர்த்து
play-key-quit = q, Esc
play-key-quit-does = வெளியேறு (சேமிக்காத நகர்வுகள் இருந்தால் கேட்கும்)
play-key-interrupt = Ctrl-C
play-key-interrupt-does = உடனே வெளியேறு, சேமிக்காத நகர்வுகளைச் சேமித்து

## The windows over the board.

play-hint-title = யோசனை: நகர்வுகள், சிறந்தது முதலில்
play-hint-footer = உங்கள் பக்கம் வெல்லும் வாய்ப்புகள். Enter முதலாவதை ஆடும்; வேறு எந்த விசையும் மூடும்.
play-why-title = காய்கள் ஏன் நகர முடியாது
play-why-passed = நீங்கள் வீசியது { $throw }, உங்கள் முறை போனது:
play-why-all-can = பாதையில் உள்ள உங்கள் காய்கள் அனைத்தும் நகரலாம்.
play-why-all-can-enter = உங்கள் காய் எதுவும் இன்னும் பலகையில் இல்லை; காத்திருக்கும் ஒவ்வொன்றும் இந்த வீச்சில் உள்ளே வரலாம்.
play-any-key = எந்த விசையும் மூடும்.
play-quit-title = ஆட்டத்திலிருந்து வெளியேறவா?
play-quit-unsaved = ஆட்டத்தில் சேமிக்காத நகர்வுகள் உள்ளன.
play-quit-save = s  பதிவைச் சேமித்து வெளியேறு
play-quit-leave = y  சேமிக்காமல் வெளியேறு
play-quit-back = வேறு எந்த விசையும்: ஆட்டத்துக்குத் திரும்பு

## A window too small for the board.

play-too-small = பலகைக்கு இந்தச் சாளரம் மிகச் சிறியது.
play-too-small-size = இது { $width }×{ $height }; பலகைக்குக் குறைந்தது { $min-width }×{ $min-height } தேவை.
play-too-small-what = சாளரத்தைப் பெரிதாக்குங்கள் அல்லது எழுத்துருவைச் சிறிதாக்குங்கள்; q வெளியேறும் (சேமிக்காத நகர்வுகள் சேமிக்கப்படும்).

## The replay viewer.

play-replay-action = செயல் { $at } / { $count }
play-replay-over = ஆட்டம் முடிந்தது
play-replay-running = பகுப்பாய்வு நடக்கிறது
play-replay-analysed = ஆட்டம் பகுப்பாய்வு செய்யப்பட்டது: s சுருக்கம், c வரைபடம்
play-replay-wait = பகுப்பாய்வு முடியும் வரை காத்திருங்கள்
play-replay-analyse-first = முதலில் a ஆட்டத்தைப் பகுப்பாய்வு செய்யும்
play-replay-no-marked-after = இதற்குப் பின் குறித்த நகர்வு இல்லை
play-replay-no-marked-before = இதற்கு முன் குறித்த நகர்வு இல்லை
play-replay-analysing = பகுப்பாய்வு…
play-replay-progress = பகுப்பாய்வு: { $total } நிலைகளில் { $done }
play-replay-failed = பகுப்பாய்வு இல்லை: { $error }
play-replay-keys = → ← ஒரு செயல்  ↓ ↑ ஒரு முறை  Home End  a பகுப்பாய்வு  ? உதவி  q வெளியேறு
play-replay-keys-analysed = → ← செயல்  ↓ ↑ முறை  n N குறித்தவை  c வரைபடம்  s சுருக்கம்  ? உதவி  q வெளியேறு
play-replay-key-next = → l space
play-replay-key-next-does = அடுத்த செயல் (ஒரு வீச்சு அல்லது நகர்வு)
play-replay-key-back = ← h
play-replay-key-back-does = முந்தைய செயல்
play-replay-key-turn = ↓ j PgDn
play-replay-key-turn-does = அடுத்த முறையின் முடிவு
play-replay-key-turn-back = ↑ k PgUp
play-replay-key-turn-back-does = முந்தைய முறையின் முடிவு
play-replay-key-start = Home g
play-replay-key-start-does = தொடக்கம்
play-replay-key-end = End G
play-replay-key-end-does = முடிவு
play-replay-key-analyse = a
play-replay-key-analyse-does = ஆட்டத்தைப் பகுப்பாய்வு செய்: ஒவ்வொரு நகர்வுக்கும் மதிப்பீடு, ஒவ்வொரு வீச்சுக்கும் அதிர்ஷ்டம்
play-replay-key-marked = n ]
play-replay-key-marked-does = அடுத்த குறித்த நகர்வு (?! துல்லியக் குறை, ? தவறு, ?? பெருந்தவறு)
play-replay-key-marked-back = N [
play-replay-key-marked-back-does = முந்தைய குறித்த நகர்வு
play-replay-key-graph = c
play-replay-key-graph-does = ஒவ்வொரு பக்கத்தின் வெற்றி வாய்ப்பின் வரைபடம்; மீண்டும் c அதை மூடும்
play-replay-key-summary = s
play-replay-key-summary-does = ஒவ்வோர் இருக்கைக்கும் (அணிக்கும்) பகுப்பாய்வின் சுருக்கம்
play-replay-key-quit = q Esc
play-replay-key-quit-does = வெளியேறு (Esc முதலில் வரைபடத்தை மூடும்)

## The analysis in the replay viewer. Chances and losses are given as numbers already written
## ($chance "53.9%", $loss "3.0").

play-analysis-start = தொடக்கம்: செயல்களை மதிப்பிட முன்னேறுங்கள்.
play-analysis-marked = குறித்த நகர்வுகள்:{" "}
play-analysis-next = n, N அடுத்ததற்கும் முந்தையதற்கும் செல்லும்.
play-analysis-played = ஆடியது
play-analysis-best = சிறந்தது
play-analysis-best-played = ஆடியதே சிறந்தது
play-analysis-loss = இழப்பு { $loss } புள்ளிகள்
play-analysis-inaccuracy = துல்லியக் குறை
play-analysis-mistake = தவறு
play-analysis-blunder = பெருந்தவறு
play-analysis-forced = கட்டாயம்: எல்லா நகர்வுகளும் ஒரே நிலைக்கே இட்டுச் செல்வதால் மதிப்பிடப்படவில்லை
play-analysis-threw = வீச்சு ({ $throw })  அதிர்ஷ்டம்{" "}
play-analysis-luck = { $luck } புள்ளிகள்
play-analysis-chance = வாய்ப்பு: எதிர்பார்ப்பு { $before }, பின் { $after }
play-analysis-by = மதிப்பிட்டது: { $evaluator }. இழப்பும் அதிர்ஷ்டமும் வெற்றி வாய்ப்பின் புள்ளிகளில்.
play-analysis-choices = தேர்வுகள்
play-analysis-average-loss = சரா. இழப்பு
play-analysis-throws = வீச்சுகள்
play-analysis-luck-column = அதிர்ஷ்டம்
play-analysis-forced-count = { $count ->
        [one] ஒரு நகர்வுக்குத் தேர்வு இல்லை. எந்த விசையும் மூடும்.
       *[other] { $count } நகர்வுகளுக்குத் தேர்வு இல்லை. எந்த விசையும் மூடும்.
    }
play-analysis-chances = வெற்றி வாய்ப்புகள்
play-analysis-failed-start = பகுப்பாய்வைத் தொடங்க முடியவில்லை: { $error }
play-analysis-no-result = பகுப்பாய்வு முடிவின்றி நின்றது

## The game in lines, for a screen reader (`pachisi play --screen-reader`). $who and $name as
## in speak.ftl: "you" when one person plays, else the seat to play by its colour.

lines-intro = { $ruleset }. கட்டளைகளைக் கேட்க உதவி (help) என்று தட்டச்சு செய்யுங்கள்; நகர்வின் எண் அந்த நகர்வை ஆடும்.
# $seat: speak-seat-heading; $player: play-seat-*.
lines-seat = { $seat }: { $player }.
lines-for-partner = { $finished }: எல்லாக் காய்களும் பழமாகிவிட்டன; இது { $finished } முறை, கூட்டாளி ஆடுகிறார்.
lines-prompt-throw = { $who ->
        [seat] வீசும் முறை: { $name }; t அல்லது Enter வீசும்.
       *[you] உங்கள் முறை: t அல்லது Enter வீசும்.
    }
lines-prompt-move = { $who ->
        [seat] நகர்த்தும் முறை: { $name }; நகர்வின் எண்ணையோ ஒரு கட்டளையையோ தட்டச்சு செய்யுங்கள்.
       *[you] உங்கள் நகர்வு: அதன் எண்ணையோ ஒரு கட்டளையையோ தட்டச்சு செய்யுங்கள்.
    }
lines-moves = { $who ->
        [seat] நகர்வுகள் ({ $name }):
       *[you] உங்கள் நகர்வுகள்:
    }
lines-no-move = நகர்வு { $number } இல்லை: நகர்வுகள் 1 முதல் { $count } வரை.
lines-not-now = நீங்கள் ஏற்கெனவே வீசிவிட்டீர்கள்: ஒரு நகர்வை அதன் எண்ணால் தேர்ந்தெடுங்கள்.
lines-saved = பதிவு சேமிக்கப்பட்டது: { $path }.
lines-save-failed = பதிவைச் சேமிக்க முடியவில்லை: { $error }
lines-input-ended = ஆட்டம் முடியும் முன்பே உள்ளீடு முடிந்துவிட்டது
lines-input-ended-saved = ஆட்டம் முடியும் முன்பே உள்ளீடு முடிந்துவிட்டது; இதுவரையிலான நகர்வுகள் சேமிக்கப்பட்டன: { $path }
lines-left = நீங்கள் ஆட்டத்திலிருந்து வெளியேறினீர்கள்.

## What the command prints.

play-needs-terminal = ஆட்டத்துக்கு ஒரு முனையம் தேவை: உள்ளீட்டையோ வெளியீட்டையோ திசைதிருப்பாமல் முனையச் சாளரத்தில் இயக்குங்கள் (--screen-reader அதை உரை வரிகளாக ஆடும்)
play-record-saved = பதிவு சேமிக்கப்பட்டது: { $path }; `{ $command }` அதைப் படிப்படியாகக் காட்டும்.
play-record-not-saved = ஆட்டம் சேமிக்கப்படவில்லை (seed { $seed }).
# --lang named a language with no catalogue: $tag as given.
play-language-unknown = "{ $tag }" மொழியில் செய்திகள் இல்லை: ஆட்டம் ஆங்கிலத்தில் பேசும்.
