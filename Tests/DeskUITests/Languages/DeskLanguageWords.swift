/// What the desk must say in one shipped language: the words each step waits for, whole.
struct DeskLanguageWords: Sendable, CustomStringConvertible {
    var locale: String
    var idle: String
    var members: String
    var welcome: String
    var refusal: String
    var help: String
    var helpLine: String
    var formTitle: String
    var formLabels: [String]
    var stats: String
    var quitKey: String

    var description: String { locale }

    static let german = DeskLanguageWords(
        locale: "de_DE.UTF-8", idle: "Bereit — Karte auflegen", members: "3 Mitglieder",
        welcome: "Willkommen, Ana López — erster Besuch", refusal: "Gesperrt",
        help: "Hilfe — memberdesk Empfang", helpLine: "diese Hilfe",
        formTitle: "Mitglied: Ana López", formLabels: ["Karte", "Notiz", "Gültig bis"],
        stats: "Statistik (s: zurück zu Mitgliedern)", quitKey: "Ende")

    static let chinese = DeskLanguageWords(
        locale: "zh_CN.UTF-8", idle: "就绪 — 请刷卡", members: "3 名会员",
        welcome: "欢迎，Ana López — 首次到访", refusal: "已停用",
        help: "帮助 — memberdesk 前台", helpLine: "本帮助",
        formTitle: "会员：Ana López", formLabels: ["卡号", "备注", "到期"],
        stats: "统计（s：返回会员）", quitKey: "退出")
}
