# सुनने वाले खिलाड़ी के लिए पेज: खेल चलते हुए स्क्रीन रीडर को क्या बताया जाता है, और कितना बताया जाए।

access-announcer = खेल में क्या हो रहा है
access-level = सुनाएँ
# $level: "all", "mine" या "off"।
access-level-choice = { $level ->
    [all] हर दाँव और हर चाल
    [mine] मेरी बारी और मेरी गोटियों से जुड़ी बातें
   *[off] कुछ नहीं
}
access-level-now = { $level ->
    [all] हर दाँव और हर चाल सुनाई जाएगी।
    [mine] आपकी बारी और आपकी गोटियों से जुड़ी बातें सुनाई जाएँगी।
   *[off] कुछ नहीं सुनाया जाएगा।
}
# $count: कितने।
access-more-events = { $count ->
    [one] दूसरों का एक और दाँव या चाल।
   *[other] दूसरों के { $count } और दाँव और चालें।
}
# $reasons: नियमों के कारण, वाक्यों में।
access-why-passed = आप चल नहीं सकते: { $reasons }
# $who: रंग।
access-played = { $who }: चाल हो गई।

## शब्दों में बोर्ड, और खिलाड़ी के लिखे सवाल।

access-board = शब्दों में बोर्ड
access-board-mine = आपकी गोटियाँ सबसे पहले हैं; हर गोटी के साथ लिखा है कि वह कहाँ है, सुरक्षित है या नहीं, और उसे किससे ख़तरा है।
access-ask = खेल के बारे में पूछें
access-ask-help = where, board, moves, threats 2, why 3, throw या help लिखें, फिर Enter दबाएँ।
access-ask-send = पूछें
access-ask-acts = खेलने के लिए कुंजियाँ दबाएँ: Space या Enter से दाँव फेंकें, 1 से 9 से सूची की चाल चलें, p से पास करें।
