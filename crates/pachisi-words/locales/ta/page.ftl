# பக்கம் (`pachisi serve`): அதன் HTML-உம் நிரலும் காட்டும் ஒவ்வொரு சொல்லும்.
#
# Tamil: every family of rulesets calls its pieces காய், so the choices by $family keep their
# keys but say the same. A colour the page puts in cannot take a case ending: it stands as a
# subject, in a list, or as a label before a colon or in brackets ("தொடக்கக் கட்டம் (பச்சை)").
# A person's name or a colour ($who) is given no verb that would have to agree with it: "$who:
# ஒரு காய் உள்ளே வந்தது", "$who வீசியது 6". A move's words are an order on a button
# ("நகர்த்து", as in the terminal) and a verbal noun inside a sentence ("நகர்த்துவது").
# See README.md for the page's terms.

## Words the other messages share.

# The word for a piece alone. $plural: yes or no.
page-piece-noun = { $plural ->
    [yes] { $family ->
        [parcheesi] காய்கள்
        [ludo] காய்கள்
       *[other] காய்கள்
    }
   *[no] { $family ->
        [parcheesi] காய்
        [ludo] காய்
       *[other] காய்
    }
}

# A list: as in rules.ftl, the items are joined by commas.
page-list-and = { $head }, { $last }
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
page-seat-number = இருக்கை { $number }

page-percent = { $percent }%

page-server-sentence = { $text }.

## The header and the page's title.

page-title = பச்சீசி
page-language = மொழி
page-how-to-play = ஆடும் முறை
page-how-to-play-game = ஆடும் முறை: { $title }
page-sound-on = ஒலி இயக்கத்தில்
page-sound-off = ஒலி அணைப்பில்
page-sound-is-on = ஒலி இயங்குகிறது
page-sound-is-off = ஒலி அணைக்கப்பட்டுள்ளது
page-learn-to-play = ஆடக் கற்க
page-new-game = புதிய ஆட்டம்

## Errors the page writes itself.

page-error-unreachable = சேவையகத்தை அடைய முடியவில்லை ({ $error })
page-error-status = சேவையகத்தின் பதில்: { $status } { $text }
page-error-answer = { $status ->
    [400] சேவையகத்தால் இந்தக் கோரிக்கையைப் படிக்க முடியவில்லை.
    [403] இந்த ஆட்டத்தில் இதைச் செய்ய உங்களுக்கு உரிமை இல்லை.
    [404] அப்படி ஓர் ஆட்டம் இல்லை, அல்லது அது நீக்கப்பட்டுவிட்டது.
    [409] ஆட்டம் முன்னேறிவிட்டது: மீண்டும் பார்த்து, இன்னொரு முறை முயலுங்கள்.
    [413] இது சேவையகத்துக்கு மிக நீளம்.
    [422] விதிகள் இப்போது இதை அனுமதிக்கவில்லை.
    [429] இப்போதைக்குக் கோரிக்கைகள் அதிகம்: சற்றுப் பொறுத்து மீண்டும் முயலுங்கள்.
    [503] சேவையகம் வேலையாக உள்ளது: சற்றுப் பொறுத்து மீண்டும் முயலுங்கள்.
   *[other] சேவையகம் மறுத்தது ({ $status }).
}
page-error-not-json = சேவையகம் JSON அல்லாத ஒரு செய்தியை அனுப்பியது
page-error-watching-off = அமைப்பாளர் பார்வையிடலை நிறுத்திவிட்டார்
page-error-deleted = இந்த ஆட்டத்தை அதன் அமைப்பாளர் நீக்கிவிட்டார்
page-error-refused = சேவையகம் செய்தியை ஏற்கவில்லை
page-error-no-seat = இந்த உலாவிக்கு இனி இந்த ஆட்டத்தில் இருக்கையும் இல்லை, பார்வையாளர் இணைப்பும் இல்லை
page-error-replay-frames = சேவையகம் அனுப்பிய மீள்பார்வையில் படிகள் இல்லை
page-error-analysis = சேவையகம் அனுப்பிய பகுப்பாய்வில் அதன் எண்விவரங்கள் இல்லை
page-error-no-rulesets = சேவையகத்தில் ஆட்ட வகைகள் எதுவும் இல்லை
page-error-rulesets = ஆட்ட வகைகளை ஏற்ற முடியவில்லை: { $error }
page-error-lobby = வரவேற்பறையைப் படிக்க முடியவில்லை: { $error }
page-error-read-file = { $name } கோப்பைப் படிக்க முடியவில்லை: { $error }
page-error-seed = விதை எண் 0 முதல் { $max } வரையிலான ஒரு முழு எண்ணாக இருக்க வேண்டும்
page-error-cowrie-p = சோழி வாய் மேலாக விழும் வாய்ப்பு ஓர் எண்ணாக இருக்க வேண்டும்
page-error-private = இது தனிப்பட்ட ஆட்டம்: பார்வையாளர் இணைப்பை ஓர் ஆட்டக்காரரிடம் கேளுங்கள்.
page-connection-lost = தொடர்பு துண்டிக்கப்பட்டது: மீண்டும் இணைக்கிறது…
page-connection-closed = ஆட்டம் இனி பின்தொடரப்படவில்லை: மீண்டும் முயல பக்கத்தைப் புதுப்பியுங்கள்.

## An invitation (a link a host sends).

page-join-heading = உங்களுக்கு ஓர் ஆட்ட அழைப்பு
page-join-heading-game = ஆட்ட அழைப்பு: { $title }
# Tamil: the seat's colour is given as a label, after the game.
page-join-about = { $from ->
    [host] { $host } உங்களை ஆட அழைக்கிறார்
   *[none] உங்களுக்கு ஆட அழைப்பு
}. ஆட்டம்: { $title }; உங்கள் நிறம்: { $colour }.
page-join-used = { $reason }. உங்களை அழைத்தவரிடம் புதிய இணைப்பைக் கேளுங்கள்.
page-join-not-found = இந்த அழைப்பின் ஆட்டத்தைக் காணவில்லை: அது நீக்கப்பட்டிருக்கலாம்.
page-join-name = மற்றவர்களுக்குத் தெரியும் உங்கள் பெயர்
page-name-rule = 1 முதல் 24 வரை: எழுத்துகள், எண்கள், இடைவெளிகள், . - _ '
page-join-take = ஆட்டத்தில் சேர்
page-join-cancel = இப்போது வேண்டாம்
page-join-need-name = மற்றவர்கள் பார்க்க ஒரு பெயரைத் தேர்ந்தெடுங்கள்

## The new game panel.

page-new-ruleset = ஆட்டம்
page-new-about-rules = இந்த விதிகள் பற்றி
page-your-name = உங்கள் பெயர்
page-host-name = அமைப்பாளர்
page-players = ஆட்டக்காரர்கள்
page-new-seats-help = நண்பரின் இருக்கைக்கு, அவருக்கு அனுப்ப ஓர் இணைப்பு (QR குறியீட்டுடன்) கிடைக்கும்; எல்லா இருக்கைகளும் நிரம்பியதும் ஆட்டம் தொடங்கும்.
page-turn-time-label = ஒரு முறைக்கான நேரம்
page-turn-no-limit = வரம்பு இல்லை
page-turn-time = { $minutes ->
    [0] { $seconds } விநாடிகள்
    [one] { $minutes } நிமிடம்
   *[other] { $minutes } நிமிடங்கள்
}
page-new-turn-help = ஒருவரின் நேரம் முடிந்தால், அந்த முறையைக் கணினி அவருக்காக ஆடும்; இரண்டு முறைகளைத் தவறவிட்டால், அவர் திரும்பிவிட்டதாகச் சொல்லும் வரை அவரது இருக்கையில் கணினியே ஆடும்.
page-new-pace-label = கணினிகள் ஆடும் வேகம்
page-new-pace-slow = மெதுவாக: ஒவ்வொரு நகர்வையும் பின்தொடர நேரம் உண்டு
page-new-pace-normal = இயல்பான வேகத்தில்
page-new-pace-fast = வேகமாக
page-new-public = திறந்த இருக்கைகளை யார் வேண்டுமானாலும் ஏற்க, வரவேற்பறையில் பட்டியலிடு
page-new-more-options = மேலும் தேர்வுகள்
page-new-cowrie-p = சோழி வாய் மேலாக விழும் வாய்ப்பு
page-new-allow-hints = பலர் ஆடினாலும் யோசனைகளை அனுமதி
page-new-seed = பயிற்சி விதை எண் (அதே விதை எண், அதே வீச்சுகள்; அழைப்புகள் இல்லை)
page-new-seed-hint = இல்லை: யாரும் சரிபார்க்கக்கூடிய நேர்மையான வீச்சுகள்
# Keep the command as it is: it is typed in a terminal.
page-new-set = விருப்ப விதிகள் (“pachisi rules show” பாருங்கள்)
# FIELD and VALUE stand for a rule's name and value as the command lists them.
page-new-set-hint = FIELD=VALUE, இடைவெளி விட்டு
page-new-start = தொடங்கு
page-back-to-game = ஆட்டத்துக்குத் திரும்பு
page-your-games = உங்கள் ஆட்டங்கள்
page-open-seats = திறந்த இருக்கைகள்
page-seat-kind-label = யார் ஆடுவது: { $colour }
page-seat-kind = { $kind ->
    [me] நீங்கள்
    [open] ஒரு நண்பர், இணைப்பு மூலம் அழைப்பு
   *[bot] கணினி
}
page-seat-bot-label = கணினி எப்படி ஆடும்: { $colour }
# Tamil: English counts no partners here, so one word serves one partner or several.
page-seat-team = கூட்டாளி: { $partners }
page-seat-alone = தனியாக ஆடும்
# Tamil: how a bot plays, as the answer to "கணினி எப்படி ஆடும்".
page-bot-level = { $level ->
    [random] சீரற்ற நகர்வுகள்
    [heuristic] நன்றாக
    [expectimax] வலுவாக
   *[mcts] வலுவாக, நீண்ட நேரம் யோசித்து
}
page-bot-title = { $level ->
    [random] சீரற்ற நகர்வுகள் ஆடும் கணினி
    [heuristic] நன்றாக ஆடும் கணினி
    [expectimax] வலுவாக ஆடும் கணினி
    [mcts] வலுவாக ஆடும், நீண்ட நேரம் யோசிக்கும் கணினி
   *[other] கணினி
}
page-pace = { $pace ->
    [slow] மெதுவாக
    [fast] வேகமாக
   *[normal] இயல்பான வேகத்தில்
}
page-open = திற
page-delete = நீக்கு
page-game-untitled = ஆட்டம்
page-game-line = { $title } — { $state }
page-game-state = { $state ->
    [won] முடிந்தது: { $winners } வெற்றி
    [finished] முடிந்தது
    [waiting] ஆட்டக்காரர்களுக்காகக் காத்திருக்கிறது
    [turn] உங்கள் முறை
    [watching] பார்வையிடுகிறீர்கள்
   *[going] நடந்துகொண்டிருக்கிறது
}
page-lobby-play = ஆடு: { $colour }
page-lobby-line = { $from ->
    [host] { $game } (அமைப்பாளர்: { $host })
   *[none] { $game }
}

## The table: the board, whose turn, the throw, the moves.

page-no-board = ஓர் ஆட்டத்தைத் தொடங்குங்கள், அல்லது ஒரு பதிவை மீண்டும் பாருங்கள்.
page-board = பலகை
page-board-of = பலகை: { $title }
page-watching = நீங்கள் பார்வையாளர்: ஆட்டத்தைப் பார்க்கலாம், ஆட முடியாது.
page-away = நீங்கள் இல்லாதபோது உங்கள் இருக்கையில் கணினி ஆடுகிறது.
page-away-back = திரும்பிவிட்டேன்
page-rematch = மறு ஆட்டம்
page-rematch-play = மறு ஆட்டத்தை ஆடு
page-rematch-watch = மறு ஆட்டத்தைப் பார்
page-last-throw = கடைசி வீச்சு
page-throw = வீசு
page-your-moves = உங்கள் நகர்வுகள்
page-move-help-tap = குறியிட்ட ஒரு { $family ->
    [parcheesi] காயைத்
    [ludo] காயைத்
   *[other] காயைத்
} தொட்டு, பிறகு அதன் பச்சைக் கட்டத்தைத் தொடுங்கள்; அல்லது இங்கே ஒரு நகர்வைத் தேர்ந்தெடுங்கள்.
page-move-help-keys = விசைகள்: 1-9, ↑ ↓, Enter; Space அல்லது Enter அழுத்தினால் வீச்சு.
page-hint = யோசனை
page-undo = திரும்பப் பெறு
page-download = பதிவைச் சேமி
page-verify = வீச்சுகளைச் சரிபார்
page-analyse-game = ஆட்டத்தைப் பகுப்பாய்வு செய்
page-game-pace-label = கணினிகளின் வேகம்
page-room-box = அழைப்புகளும் இருக்கைகளும்
page-chat = அரட்டை
page-chat-say = ஏதாவது சொல்லுங்கள்
page-chat-send = அனுப்பு
page-game-record = ஆட்டப் பதிவு
page-replay-box = ஒரு பதிவை மீண்டும் பார்
page-replay-open = பதிவுக் கோப்பைத் திற…
page-legend = பலகையின் குறிகள் சொல்வது

## The seats and the teams.

page-seat-label = { $who ->
    [none] { $colour }
    [you] { $colour } — நீங்கள்{ $away ->
        [yes] {" "}(விலகியுள்ளீர்கள்)
       *[no] {""}
    }
    [person] { $colour } — { $name }{ $away ->
        [yes] {" "}(விலகியுள்ளார்)
       *[no] {""}
    }
    [player] { $colour } — ஆட்டக்காரர்
    [open] { $colour } — திறந்த இருக்கை
   *[bot] { $colour } — கணினி
}
page-team-home = { $home }/{ $total } பழம்
page-place = { $place ->
    [1] முதலிடம்
    [2] இரண்டாம் இடம்
    [3] மூன்றாம் இடம்
   *[other] { $place }-ஆம் இடம்
}

## The board's legend and the titles of its squares and pieces.

page-legend-castle-nest = பாதுகாப்புக் கட்டம்: இங்குள்ள { $family ->
    [parcheesi] காய்களை
    [ludo] காய்களை
   *[other] காய்களை
} வெட்ட முடியாது
page-legend-castle = மலை, பாதுகாப்புக் கட்டம்: இங்குள்ள { $family ->
    [parcheesi] காய்களை
    [ludo] காய்களை
   *[other] காய்களை
} வெட்ட முடியாது
page-legend-centre-nest = நடு: பழம், { $family ->
    [parcheesi] காய்கள்
    [ludo] காய்கள்
   *[other] காய்கள்
} இங்கே முடியும்
page-legend-centre = சார்கோணி, நடுக் கட்டம்: { $family ->
    [parcheesi] காய்கள்
    [ludo] காய்கள்
   *[other] காய்கள்
} இங்கே தொடங்கி இங்கேயே முடியும்
page-legend-start = தொடக்கக் கட்டம், அதன் நிறத்தில்: { $family ->
    [parcheesi] காய்கள்
    [ludo] காய்கள்
   *[other] காய்கள்
} இங்கே உள்ளே வரும்; அம்புக்குறி அவை செல்லும் திசை
page-centre = { $centre ->
    [Charkoni] சார்கோணி
   *[Home] பழம்
}
# Tamil: the seat's colour in brackets after the square.
page-square-title = { $kind ->
    [start] தொடக்கக் கட்டம் ({ $colour }){ $safe ->
        [yes] , பாதுகாப்புக் கட்டம்
       *[no] {""}
    }
    [column] இறுதி வரிசை ({ $colour }){ $safe ->
        [yes] , பாதுகாப்புக் கட்டம்
       *[no] {""}
    }
    [lane] தடம் ({ $colour }){ $safe ->
        [yes] , பாதுகாப்புக் கட்டம்
       *[no] {""}
    }
    [entrance] இறுதி வரிசைக்கான நுழைவு ({ $colour }){ $safe ->
        [yes] , பாதுகாப்புக் கட்டம்
       *[no] {""}
    }
   *[plain] { $safe ->
        [yes] பாதுகாப்புக் கட்டம்
       *[no] கட்டம்
    }
}
page-piece-title = { $seat }: { $count ->
    [one] ஒரு { $family ->
        [parcheesi] காய்
        [ludo] காய்
       *[other] காய்
    }
   *[other] { $count } { $family ->
        [parcheesi] காய்கள்
        [ludo] காய்கள்
       *[other] காய்கள்
    }
}{ $where ->
    [waiting] , காத்திருப்பு
    [home] , பழம்
   *[board] {""}
}{ $movable ->
    [yes] {" "}(நகரலாம்)
   *[no] {""}
}
page-corner-waiting = காத்திருப்பவை
page-corner-home = பழம்

## The throw.

page-throw-none = இன்னும் வீச்சு இல்லை.
page-throw-view-none = இன்னும் வீச்சு இல்லை
page-throw-view-label = கடைசி வீச்சு: { $throw }
page-shell-up = வாய் மேல்
page-shell-down = வாய் கீழ்
# Tamil: a number thrown is written as its digits.
page-a-number = { $value ->
    [0] { $value }
    [1] { $value }
    [2] { $value }
    [3] { $value }
    [4] { $value }
    [5] { $value }
    [6] { $value }
    [8] { $value }
    [11] { $value }
    [18] { $value }
   *[other] { $value }
}
page-throw-doubles = { $faces } (இரட்டை)
page-throw-cowries = { $value } ({ $shells }-இல் { $up } வாய் மேல்)
# Tamil: "நீங்கள் வீசியது 6" ("what you threw: 6"), as learn.ftl says it; the same form fits
# a name and a colour.
page-throw-said = { $you ->
    [yes] நீங்கள் வீசியது
   *[no] { $who } வீசியது
} { $throw }{ $grace ->
    [cowries] : தாயம், ஒரு { $family ->
        [parcheesi] காய்
        [ludo] காய்
       *[other] காய்
    } உள்ளே வரலாம்.
    [yes] : ஒரு { $family ->
        [parcheesi] காய்
        [ludo] காய்
       *[other] காய்
    } உள்ளே வரலாம்.
   *[no] {"."}
}
page-throw-again = { $you ->
    [yes] நீங்கள் மீண்டும் வீசுவீர்கள்.
   *[no] { $who }: மீண்டும் ஒரு வீச்சு.
}
page-pool = ஆட மீதம்: { $values }
page-pool-value = { $bonus ->
    [yes] { $value } (பரிசு)
   *[no] { $value }
}

## The moves, as the list of moves says them. $inside yes: a verbal noun that follows
## "… தேர்ந்தெடுத்தது:" in the analysis ("நகர்த்துவது"); no: an order on a button ("நகர்த்து").

page-move = நகர்வு
page-move-pass = { $inside ->
    [yes] விடுவது
   *[no] விடு
}
page-move-pass-more = வீச்சின் மீதி கைவிடப்படும்
page-move-enter-two = { $value } + { $second } மூலம் ஒரு { $family ->
    [parcheesi] காயை
    [ludo] காயை
   *[other] காயை
} உள்ளே { $inside ->
    [yes] கொண்டுவருவது
   *[no] கொண்டுவா
}
page-move-enter = { $value } மூலம் ஒரு { $family ->
    [parcheesi] காயை
    [ludo] காயை
   *[other] காயை
} உள்ளே { $inside ->
    [yes] கொண்டுவருவது
   *[no] கொண்டுவா
}
page-move-enter-and-move = ஒரு { $family ->
    [parcheesi] காயை
    [ludo] காயை
   *[other] காயை
} உள்ளே கொண்டுவந்து { $steps ->
    [one] ஒரு கட்டம்
   *[other] { $steps } கட்டங்கள்
} { $inside ->
    [yes] நகர்த்துவது
   *[no] நகர்த்து
}
# Tamil: the one piece is "உங்கள் காயை" on a button and "தன் காயை" (the mover's own) in the
# analysis's sentence.
page-move-along = { $which ->
    [only] { $inside ->
        [yes] தன்
       *[no] உங்கள்
    }
    [back] பின்
   *[rank] { $rank ->
        [1] முன்
        [2] இரண்டாம்
        [3] மூன்றாம்
        [4] நான்காம்
        [5] ஐந்தாம்
        [6] ஆறாம்
        [7] ஏழாம்
       *[other] { $rank }-ஆம்
    }
} { $pair ->
    [yes] இணையை
   *[no] { $family ->
        [parcheesi] காயை
        [ludo] காயை
       *[other] காயை
    }
} { $steps ->
    [one] ஒரு கட்டம்
   *[other] { $steps } கட்டங்கள்
} { $inside ->
    [yes] நகர்த்துவது
   *[no] நகர்த்து
}
page-move-more-part = { $value } வீச்சில் { $steps }
page-move-more-home = பழமாகும்
page-move-more-again = மீண்டும் ஒரு சுற்று
# Tamil: as the terminal says a capture, the colours after "வெட்டு:".
page-move-more-sends = வெட்டு: { $who }
page-move-more-captures = வெட்டு
page-move-with-more = { $move } ({ $more })
page-hint-caption = ஒவ்வொரு நகர்வுக்கும் பின் உங்கள் பக்கம் வெல்லும் வாய்ப்பு, வலுவான கணினியின் பார்வையில்:

## Whose turn it is, what happened, the result.

page-status-replay-over = மீள்பார்வை: ஆட்டம் முடிந்தது.
page-status-replay = மீள்பார்வை: { $colour } { $phase ->
    [throw] வீச வேண்டும்
   *[move] நகர்த்த வேண்டும்
}.
page-game-over = ஆட்டம் முடிந்தது.
page-status-waiting = { $open ->
    [one] ஓர் ஆட்டக்காரருக்காகக் காத்திருக்கிறோம்: ஓர் இருக்கை திறந்திருக்கிறது.
   *[other] { $open } ஆட்டக்காரர்களுக்காகக் காத்திருக்கிறோம்: { $open } இருக்கைகள் திறந்திருக்கின்றன.
}
page-status-turn = { $whose ->
    [you] உங்கள் முறை ({ $colour }): { $phase ->
        [throw] வீசுங்கள்
       *[move] ஒரு நகர்வைத் தேர்ந்தெடுங்கள்
    }
    [person] இப்போது { $name } ({ $colour }) { $phase ->
        [throw] வீச வேண்டும்
       *[move] ஒரு நகர்வைத் தேர்ந்தெடுக்க வேண்டும்
    }
   *[seat] இப்போது { $colour } { $phase ->
        [throw] வீச வேண்டும்
       *[move] ஒரு நகர்வைத் தேர்ந்தெடுக்க வேண்டும்
    }
}.
page-status-passes = { $colour } நகர முடியாது: முறை அடுத்தவருக்குச் செல்கிறது.
page-status-for-partner = { $finished }: எல்லாக் காய்களும் பழமாகிவிட்டன; அதன் முறையில் கூட்டாளி { $colour } வீசி நகர்த்துகிறது.
page-status-bot = { $phase ->
    [throw] { $seat }: வீசுகிறது…
   *[move] { $seat }: நகர்த்துகிறது…
}
page-result-you-won = நீங்கள் வென்றீர்கள்!
# Tamil: a label, as the verb would have to agree with one colour or several.
page-result-won = வெற்றி: { $team }.
# What the last move did. Tamil: another player's is said as "$who: …", with the piece (or the
# throw) as the subject, so that no verb has to agree with a name or a colour.
page-event-passed = { $you ->
    [yes] நீங்கள் விட்டீர்கள்.
   *[no] { $who }: வீச்சு விடப்பட்டது.
}
page-event-entered = { $you ->
    [yes] நீங்கள் ஒரு { $family ->
        [parcheesi] காயை
        [ludo] காயை
       *[other] காயை
    } உள்ளே கொண்டுவந்தீர்கள்.
   *[no] { $who }: ஒரு { $family ->
        [parcheesi] காய்
        [ludo] காய்
       *[other] காய்
    } உள்ளே வந்தது.
}
page-event-home = { $you ->
    [yes] நீங்கள் ஒரு { $family ->
        [parcheesi] காயைப்
        [ludo] காயைப்
       *[other] காயைப்
    } பழமாக்கினீர்கள்.
   *[no] { $who }: ஒரு { $family ->
        [parcheesi] காய்
        [ludo] காய்
       *[other] காய்
    } பழமானது.
}
page-event-moved = { $you ->
    [yes] நீங்கள் நகர்த்தினீர்கள்.
   *[no] { $who }: நகர்வு முடிந்தது.
}
page-event-moved-steps = { $you ->
    [yes] நீங்கள் { $pair ->
        [yes] ஓர் இணையை
       *[no] ஒரு { $family ->
            [parcheesi] காயை
            [ludo] காயை
           *[other] காயை
        }
    } { $steps ->
        [one] ஒரு கட்டம்
       *[other] { $steps } கட்டங்கள்
    } நகர்த்தினீர்கள்.
   *[no] { $who }: { $pair ->
        [yes] ஓர் இணை
       *[no] ஒரு { $family ->
            [parcheesi] காய்
            [ludo] காய்
           *[other] காய்
        }
    } { $steps ->
        [one] ஒரு கட்டம்
       *[other] { $steps } கட்டங்கள்
    } நகர்ந்தது.
}
page-event-sent-back = { $you ->
    [yes] உங்கள் { $family ->
        [parcheesi] காய்
        [ludo] காய்
       *[other] காய்
    } வெட்டப்பட்டது!
   *[no] { $colour }: ஒரு { $family ->
        [parcheesi] காய்
        [ludo] காய்
       *[other] காய்
    } வெட்டப்பட்டது.
}
page-event-undone = நகர்வு திரும்பப் பெறப்பட்டது.

## Why a piece cannot move (a tap on it says).

page-why-not-yours = இந்தக் { $family ->
    [parcheesi] காய்
    [ludo] காய்
   *[other] காய்
}: { $colour }. இப்போது முறை: { $mover }.
page-why-bot = இந்த இருக்கையில் கணினி ஆடுகிறது.
page-why-other = { $colour }: { $name } ஆடுகிறார்.
page-why-watching = நீங்கள் இந்த ஆட்டத்தைப் பார்வையிடுகிறீர்கள்.
page-why-throw-first = முதலில் வீசுங்கள்.
page-why-home = இந்தக் { $family ->
    [parcheesi] காய்
    [ludo] காய்
   *[other] காய்
} பழமாகிவிட்டது.
page-why-no-move = இந்தக் { $family ->
    [parcheesi] காய்க்கு
    [ludo] காய்க்கு
   *[other] காய்க்கு
} நகர்வு இல்லை.

## The room: invitations, options, handing a seat over, the chat, the clock.

page-copy-link = இணைப்பை நகலெடு
page-copied = நகலெடுக்கப்பட்டது
page-copy-select = தேர்ந்தெடுத்து நகலெடுங்கள்
page-qr-code = QR குறியீடு: { $label }
page-invite-for = அழைப்பு ({ $colour }): இந்த இருக்கையில் ஆடும் நண்பருக்கு அனுப்புங்கள்
page-watch-link = பார்வையாளர் இணைப்பு: இது உள்ள எவரும் ஆட்டத்தைப் பார்க்கலாம், ஆட முடியாது
page-room = அறை
page-room-watching = பார்வையிட அனுமதி (அணைத்தால், பார்வையாளர் இணைப்பு வேலை செய்யாது)
page-room-public = திறந்த இருக்கைகள் வரவேற்பறையில் பட்டியலிடப்படும்
page-hand-to-label = இனி யார் ஆடுவது: { $colour }
page-hand-to-bot = கணினி ({ $level ->
    [random] சீரற்ற நகர்வுகள்
    [heuristic] நன்றாக ஆடும்
    [expectimax] வலுவாக ஆடும்
   *[mcts] வலுவாக, நீண்ட நேரம் யோசித்து ஆடும்
})
page-hand-to-new = புதியவர், புதிய அழைப்பு மூலம்
page-hand-over = ஒப்படை
page-hand-row = { $colour } →
page-hand-over-heading = இருக்கையை ஒப்படைத்தல்
page-hand-over-help = செல்ல வேண்டிய ஆட்டக்காரருக்கு: கணினி தொடர்ந்து ஆடும், அல்லது புதிய அழைப்பு மூலம் புதியவர் இருக்கையை ஏற்பார்.
page-chat-watching = (பார்வையாளர்)
page-chat-default-name = பார்வையாளர்
page-clock-label = { $you ->
    [yes] உங்கள் முறைக்கு { $time } மீதம்
   *[no] { $colour }: { $time } மீதம்
}

## The record: its download and the check of the throws.

page-verify-ok = { $throws } வீச்சுகளும் பொருந்துகின்றன: இப்போது வெளியிடப்பட்ட சேவையகத்தின் விதை எண், ஆட்டத்துக்கு முன் அது உறுதியளித்த அதே எண்; ஆட்டக்காரர்களின் விதை எண்களுடன் சேர்ந்து அது ஆடப்பட்ட ஒவ்வொரு வீச்சையும் தருகிறது.
page-verify-failed = வீச்சுகள் சரிபார்ப்பில் பொருந்தவில்லை.
page-verify-seed-differs = வெளியிடப்பட்ட விதை எண், ஆட்டத்துக்கு முன் சேவையகம் உறுதியளித்த எண் அல்ல.
page-verify-replay-error = பதிவை மீண்டும் ஆட முடியவில்லை: { $error }

## The replay viewer.

page-replay = மீள்பார்வை
page-replay-first = முதல் படி
page-replay-prev = முந்தைய படி
page-replay-next = அடுத்த படி
page-replay-last = கடைசிப் படி
page-replay-step = { $name }: படி { $step } / { $last }
page-replay-close = மீள்பார்வையை மூடு
page-analyse = பகுப்பாய்வு செய்

## The analysis.

page-analysis = பகுப்பாய்வு
page-analysis-table-region = ஒவ்வோர் இருக்கைக்கும்; பக்கவாட்டில் நகர்த்தலாம்
page-analysis-per-seat = ஒவ்வோர் இருக்கைக்கும்
page-analysis-seat = இருக்கை
page-analysis-choices = தேர்வுகள்
page-analysis-average-loss = சராசரி இழப்பு
page-analysis-inaccuracies = சிறு தவறுகள்
page-analysis-mistakes = தவறுகள்
page-analysis-blunders = பெருந்தவறுகள்
page-analysis-luck = அதிர்ஷ்டம்
page-analysis-in-points = வெல்லும் வாய்ப்பின் புள்ளிகளில்
page-points = { $points ->
    [1.0] { $points } புள்ளி
   *[other] { $points } புள்ளிகள்
}
page-judge = { $kind ->
    [heuristic] ஒவ்வொரு நகர்வையும் அது விட்டுச்செல்லும் நிலையைக் கொண்டு மதிப்பிடும் கணினி
    [now] கையில் உள்ள வீச்சை ஆடும் ஒவ்வொரு வழியையும் எடைபோடும், அதற்கு மேல் முன்னோக்கிப் பார்க்காத கணினி
    [search] { $depth ->
        [one] ஒரு வீச்சு
       *[other] { $depth } வீச்சுகள்
    } முன்னோக்கித் தேடும் கணினி
   *[other] கணினி ({ $bot })
}
page-analysis-about = மதிப்பிட்டது: { $judge }. ஒரு நகர்வின் இழப்பு என்பது, சிறந்த நகர்வை விட அது ஆடியவரின் வெல்லும் வாய்ப்பை எவ்வளவு குறைத்தது என்பது, புள்ளிகளில் (ஒரு புள்ளி = வெல்லும் வாய்ப்பின் 1%): ?! சிறு தவறு ({ $inaccuracy } புள்ளிகள் அல்லது அதற்கு மேல் இழப்பு), ? தவறு ({ $mistake } அல்லது மேல்), ?? பெருந்தவறு ({ $blunder } அல்லது மேல்). இது கணினியின் கருத்து, உண்மை அல்ல.
page-judge-same-all = இந்த ஆட்டத்தில் ஆடிய கணினிகள் பகுப்பாய்வைப் போலவே மதிப்பிடுகின்றன; அதனால் அவற்றின் நகர்வுகளில் இழப்பு தெரியாது.
page-judge-same = { $count ->
    [one] { $bots }: பகுப்பாய்வைப் போலவே மதிப்பிடும் கணினி; அதனால் அதன் நகர்வுகளில் இழப்பு தெரியாது.
   *[other] { $bots }: பகுப்பாய்வைப் போலவே மதிப்பிடும் கணினிகள்; அதனால் அவற்றின் நகர்வுகளில் இழப்பு தெரியாது.
}
page-judge-further = { $count ->
    [one] { $bots }: பகுப்பாய்வை விட மேலும் முன்னோக்கிப் பார்க்கும் கணினி; அதன் நகர்வுகளைப் பகுப்பாய்வு குறிக்கும் இடங்களில், கணினியே சரியாக இருக்கக்கூடும்.
   *[other] { $bots }: பகுப்பாய்வை விட மேலும் முன்னோக்கிப் பார்க்கும் கணினிகள்; அவற்றின் நகர்வுகளைப் பகுப்பாய்வு குறிக்கும் இடங்களில், கணினிகளே சரியாக இருக்கக்கூடும்.
}
page-judge-no-person = ஒரு மனிதர் ஆடிய ஆட்டத்தில்தான் பகுப்பாய்வு அதிகம் பயன்படும்.
# Tamil: the points in brackets after the side, since a side may itself be a list of colours.
page-luck-by = { $team } ({ $first ->
    [yes] { $points ->
        [1.0] { $points } புள்ளி
       *[other] { $points } புள்ளிகள்
    }
   *[no] { $points }
})
page-luck = அதிர்ஷ்டம்: வீச்சுகள் { $how ->
    [both] சாதகமாக இருந்தன: { $lucky }; பாதகமாக இருந்தன: { $unlucky }
    [lucky] சாதகமாக இருந்தன: { $lucky }
   *[unlucky] பாதகமாக இருந்தன: { $unlucky }
} — வெல்லும் வாய்ப்பின் புள்ளிகளில், சராசரி வீச்சுகள் தந்திருக்கக்கூடியதோடு ஒப்பிட்டு.
page-luck-even = அதிர்ஷ்டம்: வீச்சுகள் சராசரியாகவே இருந்தன.
page-step-start = ஆட்டத்தின் தொடக்கம்.
page-step-best = நகர்வு { $step }: { $seat } தேர்ந்தெடுத்தது: { $move } (அதன் பின் வெல்லும் வாய்ப்பு { $chance }%); { $choices } தேர்வுகளில் இதுவே சிறந்தது.
page-step-worse = நகர்வு { $step }: { $seat } தேர்ந்தெடுத்தது: { $move } (அதன் பின் வெல்லும் வாய்ப்பு { $chance }%). இதைவிடச் சிறந்தது: { $best } ({ $bestChance }%); ஆகவே இழப்பு { $loss }{ $mark ->
    [inaccuracy] : சிறு தவறு (?!).
    [mistake] : தவறு (?).
    [blunder] : பெருந்தவறு (??).
   *[none] {"."}
}
page-step-throw = வீச்சு { $step }: { $seat } வீசியது { $throw }. வெல்லும் வாய்ப்பு ({ $seat }): வீச்சுக்கு முன் சராசரியாக { $before }%, பின் { $after }%: { $luck ->
    [favoured] { $seat } பக்கம் { $points } சாதகம்.
    [against] { $seat } பக்கம் { $points } பாதகம்.
   *[even] சராசரியான வீச்சு.
}
page-step-forced = நகர்வு { $step }: வேறு தேர்வு இல்லை.
page-mark-title = { $mark ->
    [inaccuracy] சிறு தவறு
    [mistake] தவறு
   *[blunder] பெருந்தவறு
}: இந்த நகர்வு வெல்லும் வாய்ப்பில் { $points } புள்ளிகளை இழந்தது
page-chances = வெல்லும் வாய்ப்புகள் ({ $when ->
    [end] முடிவில்
   *[throw] வீச்சு { $throw }-க்கு முன்
}): { $chances }.
# Tamil: the chance in brackets after the side, since a side may itself be a list of colours.
page-chances-side = { $team } ({ $percent }%)
page-graph-title = ஆட்டம் முழுவதும் வெல்லும் வாய்ப்புகள்
page-graph-line = { $team }: { $dash ->
    [solid] தொடர் கோடு
   *[dashed] உடைந்த கோடு
}{ $end ->
    [yes] {" "}(படி { $step }-இல் { $percent }%)
   *[no] {""}
}
page-graph-desc = ஒவ்வொரு பக்கத்தின் மதிப்பிடப்பட்ட வெல்லும் வாய்ப்பு, 0 முதல் 100% வரை, ஆட்டத்தின் { $steps } படிகளில் ஒவ்வொரு வீச்சுக்கும் முன். கோடுகள்: { $lines }. ஒரு படியைக் காண அதைச் சொடுக்குங்கள்.
page-graph-step = படி { $step }

## The guided first game (/learn) and the first game's tips.

page-learn-title = பச்சீசி ஆடக் கற்போம்
page-learn-choose-about = உண்மையான பலகையில் சிறு படிகள்: ஒவ்வொன்றும் ஒரு விதியைக் காட்டி, அந்த நகர்வை உங்களைச் செய்யச் சொல்லி, அது வந்த ஆதாரத்தை மேற்கோள் காட்டும். பிறகு எளிதாக ஆடும் கணினிகளுடன் ஒரு முதல் ஆட்டம் ஆடுங்கள்.
page-learn-tour = { $first ->
    [yes] { $title }: முழு ஆட்டம்
   *[no] { $title }: என்ன வேறுபாடு
}
page-learn-steps = { $count ->
    [one] ஒரு படி
   *[other] { $count } படிகள்
}
page-learn-counter = { $tour }: படி { $step } / { $steps }
page-learn-step-title = { $step } · { $tour }
page-learn-throw-box = வீச்சு
page-learn-source = ஆதாரம்
page-learn-move-help = ஒரு நகர்வைத் தேர்ந்தெடுங்கள்: இங்கே ஒரு பொத்தான் (விசைகள் 1 முதல் 9 வரை), அல்லது பலகையில் குறியிட்ட ஒரு காய்.
page-learn-next = அடுத்து
page-learn-finish = முடி
page-learn-other-tours = மற்ற பயிற்சிகள்
page-learn-end = பயிற்சி முடிந்தது: { $tour }
page-learn-play-about = உங்கள் முதல் ஆட்டம்: எளிதாக ஆடும் கணினிகளுக்கு எதிராக நீங்கள்; ஏதாவது நடக்கும்போது குறிப்புகள் வரும் (தாயம், வெட்டு, விடப்படும் முறை).
page-learn-play = முதல் ஆட்டம் ஆடு
page-learn-starting = ஆட்டம் தொடங்குகிறது…
# Tamil: the throw as its digits ("3", "5, 3"), which learn-tip-passed follows with "வீச்சில்".
page-tip-throw = { $count ->
    [one] { $value ->
        [8] { $value }
        [11] { $value }
        [18] { $value }
       *[other] { $value }
    }
   *[other] { $values }
}
page-tip-label = குறிப்பு:
page-tip-dismiss = புரிந்தது
