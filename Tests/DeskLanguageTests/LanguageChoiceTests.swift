import DeskLanguage
import Testing

/// Which language the desk speaks: the config first, then LANGUAGE, LC_ALL, LC_MESSAGES, LANG.
@Suite struct LanguageChoiceTests {
    @Test func theConfigKeyWinsOverTheEnvironment() {
        let environment = ["LANGUAGE": "zh_CN", "LC_ALL": "zh_CN.UTF-8", "LANG": "zh_CN.UTF-8"]
        #expect(LanguageChoice.choose(configured: "de", environment: environment).catalogues == ["de"])
        // An empty key leaves it to the environment.
        #expect(LanguageChoice.choose(configured: " ", environment: environment).catalogues == ["zh_CN"])
        // A desk may pin English where the machine speaks another language.
        #expect(LanguageChoice.choose(configured: "C", environment: environment) == .english)
    }

    @Test func theEnvironmentIsReadInGettextsOrder() {
        #expect(LanguageChoice.choose(configured: "", environment: ["LANGUAGE": "de:zh_CN", "LANG": "fr_FR.UTF-8"]).catalogues
                == ["de", "zh_CN"])
        #expect(LanguageChoice.choose(configured: "", environment: ["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8",
                                                                    "LANG": "fr_FR.UTF-8"]).catalogues == ["de_DE.UTF-8"])
        #expect(LanguageChoice.choose(configured: "", environment: ["LC_ALL": "", "LC_MESSAGES": "zh_CN.UTF-8",
                                                                    "LANG": "de_DE.UTF-8"]).catalogues == ["zh_CN.UTF-8"])
        #expect(LanguageChoice.choose(configured: "", environment: ["LANG": "de_DE.UTF-8"]).catalogues == ["de_DE.UTF-8"])
    }

    @Test func thePlainLocalesAndNoneAreEnglish() {
        for environment in [[:], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"], ["LANG": "C"], ["LANGUAGE": "C"]] {
            #expect(LanguageChoice.choose(configured: "", environment: environment) == .english, "\(environment)")
        }
        #expect(LanguageChoice.english.localeIdentifier == "en")
    }

    @Test func theFormattersLocaleDropsTheCodesetAndModifier() {
        #expect(LanguageChoice(catalogues: ["de_DE.UTF-8"]).localeIdentifier == "de_DE")
        #expect(LanguageChoice(catalogues: ["zh_CN"]).localeIdentifier == "zh_CN")
        #expect(LanguageChoice(catalogues: ["en@pseudo"]).localeIdentifier == "en")
        #expect(LanguageChoice(catalogues: ["sr_RS.UTF-8@latin", "de"]).localeIdentifier == "sr_RS")
    }

    @Test func theBuildTreesCataloguesAreFoundBesideTheExecutable() throws {
        #expect(DeskLanguage.localeDirectory(environment: ["MEMBERDESK_LOCALEDIR": "/opt/x"], executable: "/usr/bin/memberdesk") == "/opt/x")
        // No build tree beside /usr/bin: the installed folder.
        #expect(DeskLanguage.localeDirectory(environment: [:], executable: "/usr/bin/memberdesk") == "/usr/share/locale")
        let built = try CatalogueFolder.built()
        #expect(built.hasSuffix("/.build/locale"))
    }
}
