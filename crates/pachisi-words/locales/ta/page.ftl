# பக்கம் (`pachisi serve`): அதன் HTML-உம் நிரலும் காட்டும் ஒவ்வொரு சொல்லும்.

page-language = மொழி
