# How to play a ruleset, in plain words, made from the ruleset itself
# (`pachisi rules explain NAME`, the page /rules/NAME and the descriptions of /api/rulesets).
