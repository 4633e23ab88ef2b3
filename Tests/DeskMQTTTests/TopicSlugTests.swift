import DeskMQTT
import Testing

/// A desk's name as its topic level keeps its letters: accents drop to the base letter, rather
/// than each accented letter breaking the name with a hyphen ("front-desk-s-d").
@Suite struct TopicSlugTests {
    @Test(arguments: [
        ("Front Desk Süd", "front-desk-sud"),
        ("Front desk", "front-desk"),
        ("Café Zoë", "cafe-zoe"),
        ("Straße 5", "strasse-5"),
        ("Ærø Øst", "aero-ost"),
        ("Łódź", "lodz"),
        ("李 Desk", "desk"),
        ("李", "desk"),
        ("  --  ", "desk"),
    ])
    func slug(_ name: String, _ expected: String) {
        #expect(TopicText.slug(name) == expected)
    }
}
