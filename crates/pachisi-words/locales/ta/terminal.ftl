# The terminal game (`pachisi play`): the legend that says what the board shows, and the moves
# in words, in the list to choose from and in the log.
#
# Tamil: the labels are kept short, since they sit in narrow columns.

## The legend. Each line follows the sign the board draws ("x", "C", "(|)"), which is not
## translated: it is what the screen shows.

term-legend-title = பலகை காட்டுவது
term-legend-more = ? மீண்டும்: விசைகள்
term-legend-keys-more = ? மீண்டும்: பலகை காட்டுவது
# $shells: how many cowries are thrown.
term-legend-shells = { $shells } சோழிகள் வீசப்படும்: (|) வாய் மேல், ( ) வாய் கீழ். வாய் மேலாக விழுந்தவற்றின் எண்ணிக்கையே வீச்சின் மதிப்பு:
# One line of the value table. $up: shells mouth up; $value: the throw's value; $grace and
# $again: "yes" when the throw brings a piece in, and when it earns another throw.
term-legend-shell-value = { $up ->
        [0] எதுவும் மேலில்லை
        [one] ஒன்று மேல்
       *[other] { $up } மேல்
    }: { $value }{ $grace ->
        [yes] , தாயம்
       *[no] {""}
    }{ $again ->
        [yes] , மீண்டும் வீசு
       *[no] {""}
    }
term-legend-grace = தாயம் ஒரு காயை உள்ளே கொண்டுவரும்.
# $kind: "one" (one die), "sum" (dice counted together), "separate" (each die on its own).
term-legend-dice = { $kind ->
        [one] விழுந்தபடி பகடை: அதன் எண் அளவு காய் நகரும்.
        [sum] விழுந்தபடி பகடைகள்: அவற்றின் கூட்டுத்தொகை அளவு காய் நகரும்.
       *[separate] விழுந்தபடி பகடைகள்: ஒவ்வொரு பகடையின் எண்ணும் தனியாகச் செலவாகும், ஒரு காயாலோ இரண்டாலோ.
    }
# $rule: what a castle does under the rules ("closed", "shared", "send-back").
term-legend-castle = { $rule ->
        [closed] மலை: பாதுகாப்புக் கட்டம், இங்கே வெட்டு இல்லை; எதிராளி பிடித்த மலையில் எந்தக் காயும் நிற்கக் கூடாது.
        [shared] பாதுகாப்புக் கட்டம்: இங்கே வெட்டு இல்லை; எல்லா நிறக் காய்களும் இதைப் பகிரலாம்.
       *[send-back] பாதுகாப்புக் கட்டம்: இங்கே எதிராளியின் காய் மீது இறங்கும் காய், அதற்குப் பதிலாகத் தன் தொடக்கத்துக்குத் திரும்பும்.
    }
term-legend-charkoni = சார்கோணி, நடுக் கட்டம்: காய்கள் இங்கே தொடங்கி இங்கேயே முடியும்.
term-legend-home = நடு (பழம்): காய்கள் இங்கே முடியும். ஒரு வீச்சு உள்ளே கொண்டுவரும் வரை அவை தங்கள் மூலையில் உள்ள மனையில் காத்திருக்கும்.
term-legend-goal = நடு. காய்கள் தங்கள் கிளையின் நடு வரிசையின் கடைசிக் கட்டங்களான இலக்கில் முடியும்; ஒரு வீச்சு உள்ளே கொண்டுவரும் வரை அவை தங்கள் மூலையில் உள்ள மனையில் காத்திருக்கும்.
term-legend-route-sign = பாதை
# $start: "charkoni" or "nest"; $entry: "own" when pieces come in on their own arm;
# $direction: "clockwise" or "counterclockwise"; $finish: "charkoni", "home" or "goal".
term-legend-route = { $start ->
        [charkoni] உங்கள் கிளையின் நடு வரிசை வழியாக வெளியே
       *[nest] { $entry ->
            [own] மனையிலிருந்து உங்கள் கிளைக்கு
           *[other] மனையிலிருந்து பலகைக்கு
        }
    }, { $direction ->
        [clockwise] கடிகாரத் திசையில்
       *[counterclockwise] கடிகார எதிர்த் திசையில்
    } பலகையைச் சுற்றி, { $finish ->
        [charkoni] நடு வரிசை வழியாக மீண்டும் சார்கோணிக்கு.
        [goal] உங்கள் கிளையின் நடு வரிசை வழியாக இலக்குக்கு.
       *[home] உங்கள் கிளையின் நடு வரிசை வழியாகப் பழத்துக்கு.
    }
# $example: a seat's letter and 3 ("Y3").
term-legend-pieces = காய்கள், அவற்றின் இருக்கையின் (ஆங்கில) எழுத்தால்; { $example }: ஒரே கட்டத்தில் மூன்று காய்கள்.
term-legend-highlight = நீலம்: கடைசி நகர்வின் கட்டங்கள்; பச்சை: நீங்கள் தேர்ந்த நகர்வின் கட்டங்கள்.

# The short legend, where the window leaves only a few lines under the board.
term-legend-short-castle = மலை, பாதுகாப்பு
term-legend-short-shells = சோழி வாய் மேல்
term-legend-short-dice = பகடைகள்
term-legend-short-charkoni = சார்கோணி: தொடக்கம், முடிவு
term-legend-short-home = நடு: முடிவு
term-legend-short-more = மேலும்

## Moves in words. A piece is named by where it stands among the mover's pieces on the board.

# $rank: "only", "front", "second", "third", "back", or "other" with $number (from the front).
# Tamil: term-piece and term-pair are only ever the object of term-move-advance, so they carry
# the object's ending (காயை, இணையை); the program cannot add it to a value it puts in.
term-piece = { $rank ->
        [only] உங்கள் காயை
        [front] உங்கள் முன் காயை
        [second] உங்கள் இரண்டாம் காயை
        [third] உங்கள் மூன்றாம் காயை
        [back] உங்கள் பின் காயை
       *[other] உங்கள் { $number }-ஆம் காயை
    }
term-pair = { $rank ->
        [only] உங்கள் இணையை
        [front] உங்கள் முன் இணையை
        [second] உங்கள் இரண்டாம் இணையை
        [third] உங்கள் மூன்றாம் இணையை
        [back] உங்கள் பின் இணையை
       *[other] உங்கள் { $number }-ஆம் இணையை
    }
# Where a square is. $kind: "lane" (the mover's own middle row), "own" (the mover's own arm),
# "seat" (the arm of the seat $owner), "seat-lane" (the lane of the seat $owner, said in the
# log), "side" (an arm no seat sits at, by $side on the screen).
term-where = { $kind ->
        [lane] உங்கள் தடத்தில்
        [own] உங்கள் கிளையில்
        [seat] { $owner } இருக்கும் கிளையில்
        [seat-lane] { $owner } இருக்கும் கிளையின் தடத்தில்
       *[side] { $side ->
            [bottom] கீழ்க்
            [right] வலக்
            [top] மேல்
           *[left] இடக்
        } கிளையில்
    }
# Where a move ends, when that is news: $where is one of the places above.
term-to-castle = , { $where } உள்ள மலைக்கு
term-to-region = , இப்போது { $where }
term-to-charkoni = , சார்கோணியில் பழம்
term-to-home = , பழம்
term-to-goal = , இலக்குக்குள்
term-round-again = , மீண்டும் ஒரு சுற்று
# A part of a throw spent: $steps of the $value.
term-part = , { $value } வீச்சில் { $steps }
# $victims: who is sent back, made of term-victim joined by term-and ("வெட்டு: ஒரு காய்
# (பச்சை)"). Tamil: the colour stands in brackets after the pieces, since a colour name the
# program puts in cannot take a case ending.
term-capturing = , வெட்டு: { $victims }
term-victim = { $count ->
        [one] ஒரு காய்
       *[other] { $count } காய்கள்
    } ({ $owner })
term-and = { $first }, { $second }

# The move list (present) and the sentence under it.
term-move-pass = விடு
term-move-pass-full = விடு: வீச்சின் மீதியை விட்டுவிடு.
term-move-enter = { $value } மூலம் ஒரு காயை உள்ளே கொண்டுவா
term-move-enter-sum = { $first } + { $second } மூலம் ஒரு காயை உள்ளே கொண்டுவா
# $piece: a term-piece or term-pair; $count: squares.
term-move-advance = { $piece } { $count ->
        [one] ஒரு கட்டம்
       *[other] { $count } கட்டங்கள்
    } நகர்த்து
# The place of the piece that moves, in the sentence: "உங்கள் தடத்தில் உள்ள உங்கள் முன் காயை".
term-piece-at = { $where } உள்ள { $piece }
term-sentence = { $text }.

# The log (past). $who: the seat's colour; $throw: the throw as it is written.
term-log-threw = { $who } { $throw } வீசியது.
term-log-threw-then = { $who } { $throw } வீசியது:
term-log-no-move = { $who } { $throw } வீசியது: நகர்வு இல்லை
# Turns that were only a pass, folded into one line: $list of "பச்சை (3)" joined by commas.
term-log-no-moves = நகர்வு இல்லை: { $list }
term-log-seat-throw = { $who } ({ $throw })
term-did-pass = விட்டது
term-did-enter = ஒரு காயை உள்ளே கொண்டுவந்தது
term-did-advance = { $pair ->
        [yes] ஓர் இணையை
       *[no] ஒரு காயை
    } { $count ->
        [one] ஒரு கட்டம்
       *[other] { $count } கட்டங்கள்
    } நகர்த்தியது

# The status line after a move: $did is a move of the log, $tag its notation.
term-status-moved = { $who } { $did } ({ $tag })
