# Wörter, die alle Teile des Bots verwenden.

minutes = { $n ->
    [one] { $n } Minute
   *[other] { $n } Minuten
}

## /language

language-unknown = { $word } ist keine Sprache, die ich spreche. Verfügbar: { $list }.
language-show = In diesem Kanal spreche ich { $channel }; deine privaten Antworten kommen auf { $yours }. `/language <Code>` stellt die Sprache des Kanals ein (Moderatoren), `/language server <Code>` die der ganzen Community (wer sie verwalten darf), `/language me <Code>` deine eigene (`/language me auto`: die deines Chat-Programms). Verfügbar: { $list }.
language-set-community = Ab jetzt spreche ich { $lang } in dieser Community.
language-set-channel = Ab jetzt spreche ich { $lang } in diesem Kanal.
language-set-mine = Deine privaten Antworten kommen jetzt auf { $lang }.
language-auto-mine = Deine privaten Antworten kommen jetzt in der Sprache deines Chat-Programms (oder der des Kanals).
language-not-moderator = Nur ein Moderator dieses Kanals darf seine Sprache einstellen; `/language me { $code }` stellt deine eigene ein.
language-not-admin = Nur wer diese Community verwalten darf, stellt ihre Sprache ein; ein Moderator eines Kanals stellt die des Kanals mit `/language { $code }` ein, und `/language me { $code }` stellt deine eigene ein.
language-store-failed = Deine Spracheinstellung konnte nicht gespeichert werden; nichts wurde geändert. Bitte versuche es noch einmal.
