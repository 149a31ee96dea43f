# The page of `pachisi serve`: every text the page shows, its HTML and its script. The page is
# sent the messages of this file and of common.ftl.

## The header.

page-language = Language
