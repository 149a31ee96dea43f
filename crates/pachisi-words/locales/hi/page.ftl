# पेज (`pachisi serve`): उसके HTML और स्क्रिप्ट में दिखने वाला हर शब्द।

page-language = भाषा
