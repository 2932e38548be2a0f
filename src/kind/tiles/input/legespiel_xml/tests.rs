use super::*;

const XML: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<legespielConfiguration xmlns="http://whatsoftwarecando.org">
  <numberOfRows>1</numberOfRows>
  <numberOfColumns>2</numberOfColumns>
  <pictures>
    <picture id="1" name="Sun" matchWithIds="1" />
    <picture id="2" name="Moon up" matchWithIds="3" />
    <picture id="3" name="Moon down" matchWithIds="2" />
  </pictures>
  <cards>
    <card north="1" west="2" east="3" south="1" />
    <card north="2" west="3" east="1" south="2" />
  </cards>
</legespielConfiguration>"#;

#[test]
fn cards_read_east_north_west_south_and_matches_are_pairs() {
    let s = parse(Path::new("l.xml"), XML).expect("valid");
    assert_eq!(s.shape, Some((1, 2)));
    let labels: Vec<&str> = s.tiles[0].iter().map(|e| e.label.as_str()).collect();
    assert_eq!(labels, ["Moon down", "Sun", "Moon up", "Sun"]);
    let Relation::Explicit(pairs) = &s.relation else {
        panic!("explicit")
    };
    assert_eq!(
        pairs,
        &[
            ("Sun".to_string(), "Sun".to_string()),
            ("Moon up".to_string(), "Moon down".to_string())
        ]
    );
    assert!(s.warnings.is_empty());
}

#[test]
fn mistakes_are_located() {
    let e = parse(Path::new("l.xml"), &XML.replace("east=\"1\"", "east=\"9\""))
        .expect_err("unknown")
        .to_string();
    assert!(
        e.starts_with("l.xml:12:5: card 2, east edge: picture 9 is not listed"),
        "{e}"
    );
    let e = parse(
        Path::new("l.xml"),
        &XML.replace(">2</numberOfColumns>", ">3</numberOfColumns>"),
    )
    .expect_err("count")
    .to_string();
    assert!(
        e.contains("2 cards for a 1 x 3 board, which needs 3"),
        "{e}"
    );
    let e = parse(Path::new("l.xml"), "<a><b></a>")
        .expect_err("xml")
        .to_string();
    assert!(e.starts_with("l.xml:1:"), "{e}");
    for name in ["numberOfRows", "numberOfColumns", "pictures", "cards"] {
        let twice = XML.replacen(
            &format!("<{name}>"),
            &format!("<{name}></{name}>\n  <{name}>"),
            1,
        );
        let e = parse(Path::new("l.xml"), &twice)
            .expect_err("twice")
            .to_string();
        assert!(
            e.starts_with(&format!(
                "l.xml:{}:3: <{name}> appears a second time; it may appear only once (",
                XML.lines()
                    .position(|l| l.contains(&format!("<{name}>")))
                    .expect("line")
                    + 2
            )),
            "{e}"
        );
    }
    let e = parse(
        Path::new("l.xml"),
        &XML.replace("south=\"1\" />", "south=\"1\" north=\"2\" />"),
    )
    .expect_err("attribute twice")
    .to_string();
    assert!(e.starts_with("l.xml:11:"), "{e}");
    assert!(e.contains("the attribute 'north' appears twice"), "{e}");
    let one_way = XML.replace("matchWithIds=\"2\"", "matchWithIds=\"\"");
    let s = parse(Path::new("l.xml"), &one_way).expect("valid");
    assert_eq!(s.warnings.len(), 1, "{:?}", s.warnings);
}

/// A position is counted on from the last one asked, not from the start of
/// the file, so locating every card of a large file is linear in its length
/// (counting from the start made 40,000 cards take minutes). Seeded with a
/// false last position, the next answer follows from it: the text before
/// it was not read again.
#[test]
fn positions_scan_on_from_the_last_offset() {
    let p = Positions {
        text: "ab\ncd\nef",
        last: std::cell::Cell::new((0, 1, 1)),
    };
    assert_eq!(p.at(4), (2, 2));
    assert_eq!(p.last.get(), (4, 2, 2));
    assert_eq!(p.at(7), (3, 2));
    // An earlier offset starts over from the beginning.
    assert_eq!(p.at(1), (1, 2));
    p.last.set((4, 10, 1));
    assert_eq!(p.at(6), (11, 1));
}

/// roxmltree compares each attribute of an element with every earlier one:
/// 200,000 on one element took two minutes. Too many are refused before it
/// parses, with the file, the tag's place and the limit named.
#[test]
fn too_many_attributes_are_refused_before_parsing() {
    let attrs: String = (0..5000).map(|i| format!(" a{i}=\"1\"")).collect();
    let many = XML.replacen("<cards>", &format!("<cards{attrs}>"), 1);
    let e = parse(Path::new("l.xml"), &many)
        .expect_err("too many on one element")
        .to_string();
    assert!(
        e.starts_with(
            "l.xml:10:3: this element has more than 64 attributes, the most one element may have ("
        ),
        "{e}"
    );
    // 2,000 cards of 60 attributes: each within the element limit, too many in all.
    let attrs: String = (0..60).map(|i| format!(" a{i}=\"1\"")).collect();
    let card = format!("<card{attrs}/>");
    let many = XML.replacen("<cards>", &format!("<cards>{}", card.repeat(2000)), 1);
    let e = parse(Path::new("l.xml"), &many)
        .expect_err("too many in all")
        .to_string();
    assert!(
        e.starts_with("l.xml:10:")
            && e.contains(": the file has more than 100000 attributes, the most a file may have ("),
        "{e}"
    );
}
