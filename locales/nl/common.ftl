# Woorden die alle delen van de bot gebruiken.

minutes = { $n ->
    [one] { $n } minuut
   *[other] { $n } minuten
}

## /language

language-unknown = { $word } is geen taal die ik spreek. Beschikbaar: { $list }.
language-show = In dit kanaal spreek ik { $channel }; je privéantwoorden komen in het { $yours }. `/language <code>` stelt de taal van het kanaal in (moderators), `/language server <code>` die van de hele community (wie die mag beheren), `/language me <code>` je eigen taal (`/language me auto`: die van je chatprogramma). Beschikbaar: { $list }.
language-set-community = Vanaf nu spreek ik { $lang } in deze community.
language-set-channel = Vanaf nu spreek ik { $lang } in dit kanaal.
language-set-mine = Je privéantwoorden komen nu in het { $lang }.
language-auto-mine = Je privéantwoorden komen nu in de taal van je chatprogramma (of die van het kanaal).
language-not-moderator = Alleen een moderator van dit kanaal mag de taal ervan instellen; `/language me { $code }` stelt je eigen taal in.
language-not-admin = Alleen wie deze community mag beheren, stelt de taal ervan in; een moderator van een kanaal stelt die van het kanaal in met `/language { $code }`, en `/language me { $code }` stelt je eigen taal in.
language-store-failed = Je taalinstelling kon niet worden opgeslagen; er is niets veranderd. Probeer het nog eens.
