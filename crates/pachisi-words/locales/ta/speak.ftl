# The game in words, for a screen reader and for anyone who asks: where the pieces stand, what
# threatens them, the moves, why a piece cannot move, what just happened, and the commands a
# player types. Pieces are numbered 1 to 4 (or as many as a seat has), the same all game long.
#
# Who is spoken of: $who is "you" (the player the words are said to), "partner" (that player's
# partner) or "seat" (anyone else, or everyone when the words are said to nobody in particular);
# $name is the seat's colour (colour-yellow, ...).
#
# Tamil: a colour the program puts in cannot take a case ending, so another seat's piece is
# "காய் 2 (பச்சை)", as the terminal names the pieces a move cuts. A sentence whose subject is a
# value ("{ $who } ...") cannot make its verb agree with நீங்கள் and with a colour alike: such
# lines say what was done as a noun ("நீங்கள் வீசியது 4", "what you threw: 4"), which reads the
# same after any subject. Where a piece waits is said without a verb ("சார்கோணியில், இன்னும்
# உள்ளே வரவில்லை"), since it stands after one piece and after several.

## Who and whose.

speak-who = { $who ->
        [you] நீங்கள்
        [partner] உங்கள் கூட்டாளி { $name }
       *[seat] { $name }
    }
# A seat named at the head of its line in the board's description.
speak-seat-heading = { $who ->
        [you] நீங்கள், { $name }
        [partner] உங்கள் கூட்டாளி, { $name }
       *[seat] { $name }
    }
# A piece of a seat, inside a sentence. $number: the piece's number.
speak-whose-piece = { $who ->
        [you] உங்கள் காய் { $number }
        [partner] உங்கள் கூட்டாளியின் காய் { $number }
       *[seat] காய் { $number } ({ $name })
    }
# Several numbers: "1", "1 and 2", "1, 2 and 3" ($first: all but the last, joined by commas).
speak-and = { $first } மற்றும் { $last }
speak-or = { $first } அல்லது { $last }

## Where a piece stands. $start: "charkoni" or "nest"; $where: an arm, as term-where says it
## ("on your arm", "on Green's arm"); $along: squares from its start; $left: squares still to go.

speak-place-waiting = { $start ->
        [nest] மனையில், இன்னும் உள்ளே வரவில்லை
       *[charkoni] சார்கோணியில், இன்னும் உள்ளே வரவில்லை
    }
speak-place-home = பழம்
speak-place-goal = இலக்கில்
speak-place-lane = இறுதி வரிசையில், { $left ->
        [one] பழத்துக்கு இன்னும் ஒரு கட்டம்
       *[other] பழத்துக்கு இன்னும் { $left } கட்டங்கள்
    }
speak-place-track = { $castle ->
        [yes] { $where } உள்ள மலையில்
       *[no] { $where }
    }, { $along ->
        [one] தொடக்கத்திலிருந்து ஒரு கட்டம்
       *[other] தொடக்கத்திலிருந்து { $along } கட்டங்கள்
    }, { $left ->
        [one] இன்னும் ஒரு கட்டம்
       *[other] இன்னும் { $left } கட்டங்கள்
    }
# A square named in a reason (a castle held, a blockade): $castle "yes" or "no", $where its arm.
# Tamil: the reasons put மீது ("on") after it, which needs no case ending.
speak-square = { $castle ->
        [yes] { $where } உள்ள மலை
       *[no] { $where } உள்ள கட்டம்
    }
speak-square-entry = { $where } உள்ள நுழைவுக் கட்டம்

## Safety and threats.

speak-safe-castle = மலையில் பாதுகாப்பாக
speak-safe-lane = எதிராளிகளின் பாதைக்கு வெளியே
speak-not-threatened = எந்த எதிர்க் காயும் ஒரே வீச்சில் இதை எட்ட முடியாது
# $captor: whose piece threatens (speak-whose-piece); $squares: how far behind it stands;
# $entering: "yes" when it captures by coming in; $throws: the throws ("3", "3 or 25");
# $chance: the chance of one of them (speak-chance).
# Tamil: "ஆபத்து: காய் 1 (பச்சை), 3 கட்டங்கள் பின்னால், 3 விழுந்தால் வெட்டும் (வாய்ப்பு 64-இல் 15)".
speak-threat = { $captor }{ $entering ->
        [yes] {" "}உள்ளே வரும்போதே
       *[no] , { $squares ->
            [one] ஒரு கட்டம் பின்னால்
           *[other] { $squares } கட்டங்கள் பின்னால்
        }
    }, { $throws } விழுந்தால் வெட்டும் (வாய்ப்பு { $chance })
speak-threatened = ஆபத்து: { $threats }
# The chance of a throw: "15 in 64"; or, where no small count says it exactly, in hundredths.
speak-chance = { $total }-இல் { $count }
speak-chance-about = சுமார் 100-இல் { $percent }

## The board in words: a line per seat, its pieces grouped where they stand together.

# $numbers: "1" or "1 and 2"; $place: where they stand; $state: their safety, or nothing.
speak-pieces = { $count ->
        [one] காய் { $numbers }
       *[other] காய்கள் { $numbers }
    } { $place }{ $state }
speak-state = , { $state }
speak-board-seat = { $seat }: { $pieces }.
speak-board-list = { $first }; { $rest }
# One piece on a line of its own (where): "Piece 2: on your arm, ...; threatened by ...".
speak-piece-line = காய் { $number }: { $place }{ $state }.
speak-threats = காய் { $number }, { $place }; { $state }.
speak-threats-waiting = காய் { $number }: { $place }; அங்கே அதை எதுவும் வெட்ட முடியாது.

## Moves, numbered as the game numbers them (type the number to play one).

speak-move-line = { $number }: { $move }
speak-move-pass = விடு: வீச்சின் மீதியை விட்டுவிடு.
# $pieces: "piece 2", or "pieces 2 and 3" for a pair; $at: where it stands; $count: squares;
# $more: what the move does besides (where it ends, whom it captures), as the moves in the
# terminal say it (term-to-castle, term-capturing, ...).
# Tamil: the verb comes before $more, as in the terminal's move list.
speak-move-enter = { $value } வீச்சில் { $pieces } உள்ளே கொண்டுவா{ $more }.
speak-move-enter-sum = { $first } + { $second } மூலம் { $pieces } உள்ளே கொண்டுவா{ $more }.
speak-move-advance = { $pieces } ({ $at }) { $count ->
        [one] ஒரு கட்டம்
       *[other] { $count } கட்டங்கள்
    } நகர்த்து{ $more }.
speak-moving-pieces = { $count ->
        [one] காய் { $numbers }
       *[other] காய்கள் { $numbers }
    }
speak-victim = { $whose }
speak-moves-none = இப்போது உங்களுக்கு நகர்வு எதுவும் இல்லை.

## Why a piece cannot move (why N).

speak-why-can = காய் { $number } நகரலாம்: { $count ->
        [one] நகர்வு { $moves }
       *[other] நகர்வுகள் { $moves }
    }.
speak-why-not = { $count ->
        [one] காய் { $number }
       *[other] காய்கள் { $number }
    }, { $place }: { $reasons }.
speak-why-all-can = பாதையில் உள்ள உங்கள் காய்கள் அனைத்தும் இந்த வீச்சில் நகரலாம்.
speak-why-home = காய் { $number } பழம் ஆனது: அது ஆட்டத்தை முடித்துவிட்டது.
speak-why-not-now = வீசிய பிறகு, உங்கள் முறையில்தான் காய்கள் நகரும்: இப்போது நகர்வு எதுவும் இல்லை.
speak-no-piece = காய் { $number } என்று எதுவும் இல்லை: உங்கள் காய்கள் 1 முதல் { $count } வரை.
# Every reason of a piece, joined: "reason; reason".
speak-reasons = { $first }; { $rest }

## Why, from the engine's reasons (the same reasons every front end gives, in words). $value:
## a throw's value; $square: a square (speak-square); $values: throws ("6, 10 or 25").
## Tamil: "the 3" is "3 வீச்சு" ("the throw 3"), and "with the 3" "3 வீச்சில்".

why-not-time = இது நகர்த்தும் நேரம் அல்ல: முதலில் வீசுங்கள்
why-game-over = ஆட்டம் முடிந்துவிட்டது
why-no-piece = அங்கே உங்கள் காய் எதுவும் இல்லை
why-already-home = காய் ஏற்கெனவே பழம் ஆனது
# $graces: the throws that bring a piece in; $sum: "yes" when two dice may add up to one;
# $count and $values: the throws of this turn that are not graces (0 when none is said).
# Tamil: "which the 3 is not" is said as what fell ("விழுந்தது 3"), so that a single number
# that brings a piece in (Parcheesi's 5) is not called தாயம்.
why-needs-grace = காத்திருக்கும் காய் { $sum ->
        [yes] ஒரு பகடையிலோ இரண்டு பகடைகளின் கூட்டுத்தொகையாகவோ{" "}
       *[no] {""}
    }{ $single ->
        [yes] { $graces }
       *[no] தாயம் ({ $graces })
    } விழுந்தால் மட்டுமே உள்ளே வரும்{ $count ->
        [0] {""}
        [one] ; விழுந்தது { $values }
       *[other] ; விழுந்தவை { $values }
    }
# $the-values: "the 3" or "the 2 and the 3".
why-the-value = { $value }
why-needs-first-entry = ஒவ்வொருவரின் முதல் காயும் { $graces } விழுந்தால் மட்டுமே உள்ளே வரும், { $value } வீச்சில் அல்ல
why-movement-only = { $value } வீச்சு பலகையில் ஏற்கெனவே உள்ள காய்களை மட்டுமே நகர்த்தும்; காயை உள்ளே கொண்டுவராது
why-never-brings-out = { $value } வீச்சு ஒருபோதும் காயை வெளியே கொண்டுவராது: பலகையில் ஏற்கெனவே உள்ள காய்களை மட்டுமே நகர்த்தும்
why-entry-blocked = { $square } அடைபட்டுள்ளது: { $obstacle }
why-obstacle-blockade = அங்கே ஓர் அடைப்பு நிற்கிறது
why-obstacle-full = { $limit ->
        [one] அங்கே ஏற்கெனவே உங்கள் காய் ஒன்று நிற்கிறது
       *[other] அங்கே ஏற்கெனவே உங்கள் காய்கள் { $limit } நிற்கின்றன
    }
why-obstacle-castle = அது எதிராளி பிடித்துள்ள மலை
why-obstacle-pair = அங்கே எதிராளியின் இணை நிற்கிறது; தனிக் காய் அங்கே இறங்கக் கூடாது
why-overshoot = { $value } வீச்சு முடிவைத் தாண்டிவிடும்: சரியான வீச்சில் மட்டுமே காய் பழம் ஆகும், இதற்குச் சரியாக { $needs ->
        [one] ஒரு கட்டம்
       *[other] { $needs } கட்டங்கள்
    } தேவை
why-stranded = { $value } வீச்சு காயைப் பழத்திலிருந்து { $left ->
        [one] ஒரு கட்டம்
       *[other] { $left } கட்டங்கள்
    } தொலைவில் நிறுத்திவிடும்; அவ்வளவு குறைந்த தூரத்துக்கு எந்த வீச்சும் இல்லை
why-castle-held = { $value } வீச்சில் காய் { $square } மீது இறங்கும்; அதை எதிராளி பிடித்துள்ளார்
why-square-full = { $value } வீச்சில் காய் { $square } மீது இறங்கும்; அங்கே ஏற்கெனவே { $limit ->
        [one] உங்கள் காய் ஒன்று நிற்கிறது
       *[other] உங்கள் காய்கள் { $limit } நிற்கின்றன
    }
why-opposing-pair = { $value } வீச்சில் தனிக் காய் { $square } மீதுள்ள எதிராளியின் இணை மீது இறங்கும்: இணை மீது இணை மட்டுமே இறங்கலாம்
why-blockade-in-the-way = { $square } மீதுள்ள அடைப்பு { $value } வீச்சின் வழியை மறிக்கிறது
why-blockade-intact = { $value } வீச்சு ஓர் அடைப்பின் இரு காய்களையும் மீண்டும் { $square } மீது ஒன்றுசேர்க்கும்; அடைப்பை அப்படியே நகர்த்தக் கூடாது
why-grace-only-enters = ஒரு காய் உள்ளே வரக் காத்திருக்கும்போது, { $value } வீச்சில் காயை உள்ளே கொண்டுவர மட்டுமே முடியும்
why-must-enter = காத்திருக்கும் காயை முதலில் உள்ளே கொண்டுவர வேண்டும்
why-clear-entry-first = ஒரு காய் உள்ளே வரக் காத்திருக்கும்போது, { $square } மீதுள்ள உங்கள் காய் முதலில் அங்கிருந்து நகர வேண்டும்
why-past-goal-end = காய் தன் இலக்கின் கடைசிக் கட்டத்தில் நிற்கிறது; { $value } வீச்சில் அதை மேலும் நகர்த்த முடியாது
why-past-goal = { $value } வீச்சு காயை அதன் இலக்கின் கடைசிக் கட்டத்தையும் தாண்டிக் கொண்டுபோகும்; அந்தக் கட்டம் { $room ->
        [one] ஒரு கட்டம்
       *[other] { $room } கட்டங்கள்
    } முன்னால் உள்ளது
why-pair-cannot-halve = இங்குள்ள காய்கள் இணையாகச் சேர்ந்து வீச்சில் பாதி அளவு நகரும்; { $value } வீச்சைப் பாதியாக்க முடியாது
why-must-capture-first = { $value } வீச்சு காயைப் பழம் நோக்கித் தன் தடத்தில் திருப்பும்; உங்கள் பக்கம் ஒரு காயையாவது வெட்டும் முன் அது கூடாது, மாறாக இன்னொரு சுற்று போகவும் முடியாது
why-step-must-enter = காத்திருக்கும் காய் உள்ளே வர முடியும் வரை, { $value } என்ற கூடுதல் அடி அதை உள்ளே கொண்டுவரவே பயன்பட வேண்டும்
why-home-gate = { $value } வீச்சு காயை மீண்டும் அதன் கிளையின் முனைக்குக் கொண்டுவரும்; கூட்டாளியின் { $needed } காய்கள் அந்தக் கிளையைக் கடந்து செல்லும் வரை அது கூடாது
why-fullest-use = { $value } வீச்சில் இதை நகர்த்தலாம்; ஆனால் வீச்சுகளை முடிந்த அளவு முழுமையாகப் பயன்படுத்த வேண்டும், அதற்கு வேறு நகர்வுகள் தேவை
why-carry-on-first = { $square } மீதுள்ள காய் எதிராளியின் பாதுகாப்புக் கட்டத்தில் நிற்கிறது; அதை முதலில் மற்றப் பகடையால் முன்னே நகர்த்த வேண்டும்
why-turn-lost = { $value } வீச்சில் காய் { $square } மீது மட்டுமே முடியும்; அது எதிராளி பிடித்துள்ள மலை, அதனால் முறை முழுவதும் போய்விடும்
why-finish-from-fourteen = இரட்டை, 14 கட்டங்கள் தொலைவிலிருந்து முழு 14 கட்டங்களாலும் மட்டுமே காயைப் பழமாக்கும்; இதற்கு { $needs } தேவை, இரட்டையில் { $value ->
        [one] ஒரு கட்டம் மீதம் உள்ளது
       *[other] { $value } கட்டங்கள் மீதம் உள்ளன
    }
why-no-rule = இந்தக் காய் { $value } வீச்சைப் பயன்படுத்த எந்த விதியும் இடம் தரவில்லை
# A reason the engine knows and this catalogue does not name yet.
why-other = இந்தக் காய் இப்போது நகர முடியாது

## A throw in words. $name: the throw as written; $value: its squares; for two separate dice
## $first and $second.

throw-words = { $dice ->
        [yes] { $name }: { $first } மற்றும் { $second }
        [three] { $name }: { $first }, { $second } மற்றும் { $third }
       *[no] { $name }: { $value ->
            [one] ஒரு கட்டம்
           *[other] { $value } கட்டங்கள்
        }
    }
throw-words-doublet = , இரட்டை
throw-words-grace = { $family ->
    [pachisi] , தாயம் (காயை உள்ளே கொண்டுவரும்)
   *[other] , காயை உள்ளே கொண்டுவரும்
}
throw-words-again = , மீண்டும் ஒரு வீச்சு
# The throw-off: $throws as the record writes them ("Y 25, G 10"), $first who begins.
throw-off-words = தொடக்க வீச்சு: { $throws }: { $first } முதலில் ஆடும்

## What just happened, one line per action.
## Tamil: "{ $who } வீசியது 4" reads "what you threw: 4" after நீங்கள் and "Green threw 4"
## after a colour; the moves likewise ("நீங்கள் நகர்த்தியது: காய் 2, ...").

speak-event-threw = { $who } வீசியது { $throw }.
speak-event-passed = { $who } தேர்ந்தெடுத்தது: விடு.
# A pass the throw forced: $throw the throw's values ("3", "5 and 3"); $reasons why, each a
# sentence of its own (speak-why-not).
speak-event-forced = { $who }: { $throw } வீச்சில் எந்தக் காயையும் நகர்த்த முடியவில்லை. { $reasons }
# $did: what the move did, as speak-did-* says it.
speak-event-moved = { $who } { $did }.
speak-did-enter = உள்ளே கொண்டுவந்தது: { $pieces }{ $more }
speak-did-advance = நகர்த்தியது: { $pieces }, { $count ->
        [one] ஒரு கட்டம்
       *[other] { $count } கட்டங்கள்
    }{ $more }
speak-event-home = { $who ->
        [you] உங்கள் காய் { $number } பழம் ஆனது.
        [partner] உங்கள் கூட்டாளியின் காய் { $number } பழம் ஆனது.
       *[seat] காய் { $number } ({ $name }) பழம் ஆனது.
    }
speak-event-goal = { $who ->
        [you] உங்கள் காய் { $number } இலக்கை அடைந்தது.
        [partner] உங்கள் கூட்டாளியின் காய் { $number } இலக்கை அடைந்தது.
       *[seat] காய் { $number } ({ $name }) இலக்கை அடைந்தது.
    }
speak-event-again = { $who ->
        [you] நீங்கள் மீண்டும் வீசுங்கள்.
        [partner] உங்கள் கூட்டாளி { $name } மீண்டும் வீசுவார்.
       *[seat] { $name } மீண்டும் வீசும்.
    }
# The end: $winners the winning seats' colours ("Yellow and Black"); $you "yes" when the
# player the words are said to is among them, "no" when not, "none" when said to nobody.
speak-event-over = { $you ->
        [yes] ஆட்டம் முடிந்தது: நீங்கள் வென்றீர்கள் ({ $winners }).
        [no] ஆட்டம் முடிந்தது: { $winners } வெற்றி.
       *[none] ஆட்டம் முடிந்தது: { $winners } வெற்றி.
    }
speak-event-over-plain = ஆட்டம் முடிந்தது.
speak-throw-none = இன்னும் யாரும் வீசவில்லை.
# The increments still to spend: $list of values, a bonus written with term-bonus.
speak-to-spend = நகர்த்த மீதம்: { $list }.
speak-bonus = +{ $value } கூடுதல்

## Commands a player types. Each list holds the phrases that mean one command, separated by
## "|", without the piece's number (it may stand anywhere: "threats 2", "what threatens my
## piece 2"). English phrases are understood in every language as well.
##
## Tamil: the English words (where, moves, threats 2, m, th 2, ...) are understood too, since
## the English lists are read after these; the help shows the English short forms. The number
## is taken out of what is typed before it is compared, with a space in its place: "காய் 2-க்கு
## என்ன ஆபத்து" is compared as "காய் -க்கு என்ன ஆபத்து", and "காய் 2க்கு" as "காய் க்கு".

speak-phrases-where = எங்கே | காய்கள் எங்கே | என் காய்கள் எங்கே | என் காய்கள் | காய்கள்
speak-phrases-board = பலகை | பலகையை விவரி | முழுப் பலகை | எல்லாக் காய்களும்
speak-phrases-threats = ஆபத்து | ஆபத்துகள் | என்ன ஆபத்து | காய் ஆபத்து | என் காய் ஆபத்து | எந்தக் காய்க்கு ஆபத்து | காய் -க்கு என்ன ஆபத்து | காய் க்கு என்ன ஆபத்து | என் காய் -க்கு என்ன ஆபத்து | என் காய் க்கு என்ன ஆபத்து
speak-phrases-moves = நகர்வுகள் | நகர்வு | என் நகர்வுகள் | என்ன செய்யலாம் | நான் என்ன செய்யலாம்
speak-phrases-why = ஏன் | ஏன் நகரவில்லை | ஏன் நகர முடியாது | காய் ஏன் நகரவில்லை | காய் ஏன் நகர முடியாது | என் காய் ஏன் நகரவில்லை | என் காய் ஏன் நகர முடியாது
speak-phrases-throw = வீச்சு | கடைசி வீச்சு | என்ன விழுந்தது | நான் என்ன வீசினேன்
speak-phrases-roll = வீசு | வீசுங்கள் | உருட்டு
speak-phrases-pass = விடு | விட்டுவிடு
speak-phrases-help = உதவி | கட்டளைகள்
speak-phrases-save = சேமி | பதிவைச் சேமி
speak-phrases-quit = வெளியேறு | நிறுத்து

# The help, a line per command.
speak-help-title = கட்டளைகள் (ஒன்றைத் தட்டச்சு செய்து Enter அழுத்துங்கள்; ஆங்கிலச் சொற்களும் செல்லும்):
speak-help-number = ஒரு நகர்வின் எண்: அந்த நகர்வை ஆடும்
speak-help-roll = t, Enter அல்லது வீசு: வீசும் முறை உங்களுடையதானால் வீசும்
speak-help-pass = விடு (p): முறையை விடும், விதிகள் அனுமதிக்கும் இடத்தில்
speak-help-moves = நகர்வுகள் (m): உங்கள் நகர்வுகள், எண்களுடன்
speak-help-where = எங்கே (wh): உங்கள் காய்கள் எங்கே நிற்கின்றன, எவை பாதுகாப்பாக உள்ளன, எவற்றுக்கு ஆபத்து
speak-help-board = பலகை (b): எல்லோருடைய காய்களும்
speak-help-threats = ஆபத்து N (th N): உங்கள் காய் N-க்கு என்ன ஆபத்து
speak-help-why = ஏன் N (y N): உங்கள் காய் N ஏன் நகர முடியாது
speak-help-throw = வீச்சு: கடைசி வீச்சு, சொற்களில்
speak-help-save = சேமி (s): பதிவைச் சேமிக்கும்
speak-help-quit = வெளியேறு (q): ஆட்டத்திலிருந்து வெளியேறும் (சேமிக்காத நகர்வுகள் முதலில் சேமிக்கப்படும்)
speak-help-help = உதவி (h): இந்தப் பட்டியல்
speak-unknown = "{ $input }" இங்கே ஒரு கட்டளை அல்ல. நகர்வின் எண், வீச t, கட்டளைகளுக்கு உதவி (help): இவற்றில் ஒன்றைத் தட்டச்சு செய்யுங்கள்.
speak-throw-first = வீசுவது உங்கள் முறை: t அல்லது Enter வீசும்.
