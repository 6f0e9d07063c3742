use super::*;

/// Pairs of words.
type Pair = (&'static str, &'static str);

/// Per language: words that must share a stem (an inflected form and its base form), and a
/// word of similar spelling that must not.
const SAME_STEM: [(Language, &[Pair], Pair); 17] = [
    (
        Language::German,
        &[("Häuser", "Haus"), ("Bücher", "Buch")],
        ("Haus", "Hose"),
    ),
    (
        Language::French,
        &[("mangé", "manger"), ("chevaux", "cheval")],
        ("manger", "ménage"),
    ),
    (
        Language::Spanish,
        &[("corren", "correr"), ("niñas", "niña")],
        ("correr", "cerrar"),
    ),
    (
        Language::Italian,
        &[("libri", "libro"), ("parlato", "parlare")],
        ("libro", "libero"),
    ),
    (
        Language::Portuguese,
        &[("livros", "livro"), ("falaram", "falar")],
        ("livro", "lavra"),
    ),
    (
        Language::Dutch,
        &[("boeken", "boek"), ("lopen", "loop")],
        ("boek", "beek"),
    ),
    (
        Language::Swedish,
        &[("bilarna", "bil"), ("husen", "hus")],
        ("bil", "bal"),
    ),
    (
        Language::Norwegian,
        &[("bilene", "bil"), ("husene", "hus")],
        ("hus", "hos"),
    ),
    (
        Language::Danish,
        &[("bilerne", "bil"), ("husene", "hus")],
        ("hus", "has"),
    ),
    (
        Language::Finnish,
        &[("talossa", "talo"), ("kirjat", "kirja")],
        ("talo", "tuli"),
    ),
    (
        Language::Hungarian,
        &[("házban", "ház"), ("könyvek", "könyv")],
        ("ház", "víz"),
    ),
    (
        Language::Romanian,
        &[("orașele", "oraș"), ("casele", "casă")],
        ("casă", "coasă"),
    ),
    (
        Language::Russian,
        &[("книги", "книга"), ("столе", "стол")],
        ("книга", "кнопка"),
    ),
    (
        Language::Greek,
        &[("άνθρωποι", "άνθρωπος"), ("ΔΡΌΜΟΙ", "δρόμος")],
        ("δρόμος", "δρόσος"),
    ),
    (
        Language::Arabic,
        &[("الكتاب", "كتاب"), ("المدرسة", "مدرسة")],
        ("كتاب", "كلب"),
    ),
    (
        Language::Tamil,
        &[("நாய்கள்", "நாய்"), ("பறவைகள்", "பறவை")],
        ("நாய்", "பாய்"),
    ),
    (
        Language::Turkish,
        &[("evler", "ev"), ("kitaplar", "kitap")],
        ("kitap", "kapı"),
    ),
];

#[test]
fn inflected_forms_share_a_stem_and_unrelated_words_do_not() {
    for (language, pairs, (a, b)) in SAME_STEM {
        for (inflected, base) in pairs {
            assert_eq!(
                stemmed_elements(inflected, language, false),
                stemmed_elements(base, language, false),
                "{language:?}: {inflected} / {base}"
            );
            let r = measure_completeness_in(base, inflected, language, false);
            assert_eq!(r.score, 1.0, "{language:?}: {inflected} covers {base}");
        }
        assert_ne!(
            stemmed_elements(a, language, false),
            stemmed_elements(b, language, false),
            "{language:?}: {a} / {b}"
        );
        assert_eq!(
            measure_completeness_in(a, b, language, false).score,
            0.0,
            "{language:?}: {a} / {b}"
        );
    }
}

#[test]
fn codes_and_languages_correspond() {
    for (i, language) in Language::ALL.into_iter().enumerate() {
        assert_eq!(language as usize, i);
        assert_eq!(Language::from_code(language.code()), Some(language));
    }
    for code in ["en", "auto", "", "De", "zh", "nb"] {
        assert_eq!(Language::from_code(code), None);
    }
}

#[test]
fn every_stopword_is_one_lower_case_word_and_the_lists_are_sorted() {
    for language in Language::ALL {
        let list = language.stopwords();
        assert_eq!(list.is_empty(), language == Language::Tamil, "{language:?}");
        assert!(
            list.windows(2).all(|w| w[0] < w[1]),
            "{language:?} is sorted"
        );
        for word in list {
            let mut words = Vec::new();
            for_each_word(word, |w| words.push(w.to_string()));
            assert_eq!(words, [word.as_str()], "{language:?}");
        }
    }
}

#[test]
fn front_coded_lists_decode() {
    assert_eq!(
        front_decoded(b"AabBcBdCeAx"),
        ["ab", "ac", "ad", "ade", "x"]
    );
    assert_eq!(front_decoded(b""), Vec::<String>::new());
    // Malformed lists still decode to something, without panicking: a count past the word
    // before, a word cut inside a character (left out).
    assert_eq!(front_decoded(b"ZabAc\xc3Ad"), ["ab", "d"]);
    let german = Language::German.stopwords();
    assert!(["und", "der", "über", "außer"]
        .iter()
        .all(|w| german.iter().any(|s| s == w)));
}

#[test]
fn stopwords_are_left_out_before_stemming() {
    // "sein" (to be) is a German stopword; "seine" is on the list too, and so is "seinen".
    let with = stemmed_elements("Der Hund und seine Häuser", Language::German, false);
    let without = stemmed_elements("Der Hund und seine Häuser", Language::German, true);
    assert_eq!(with, ["der", "hund", "und", "sein", "haus"]);
    assert_eq!(without, ["hund", "haus"]);
}

#[test]
fn final_sigma_and_capitals_give_the_same_word() {
    let mut words = Vec::new();
    for_each_word("ΛΟΓΟΣ λογος", |w| words.push(w.to_string()));
    assert_eq!(words, ["λογοσ", "λογοσ"]);
}

#[test]
fn odd_texts_give_valid_results() {
    let long_word = "ä".repeat(5_000);
    let texts = [
        "",
        "   ",
        "!!!",
        "'",
        "—",
        "123 456",
        "🙂🙃",
        "Москва Berlin Αθήνα القاهرة சென்னை 東京",
        "\u{301}\u{301}\u{301}",
        "e\u{301}te\u{301}",
        long_word.as_str(),
    ];
    for language in Language::ALL {
        for input in texts {
            for output in texts {
                for ignore in [false, true] {
                    let r = measure_completeness_in(input, output, language, ignore);
                    assert!((0.0..=1.0).contains(&r.score), "{language:?} {input:?}");
                }
                for rules in [KeywordRules::Legacy, KeywordRules::Scorer] {
                    let r = keyword_coverage_in(input, output, language, rules);
                    assert!((0.0..=1.0).contains(&r.score));
                }
            }
            let _ = detect_language(input);
        }
    }
}

#[test]
fn empty_and_word_free_texts_score_as_the_english_metric() {
    for language in [Language::German, Language::Russian] {
        assert_eq!(measure_completeness_in("", "", language, false).score, 1.0);
        assert_eq!(
            measure_completeness_in("", "Haus", language, false).score,
            0.0
        );
        assert_eq!(
            measure_completeness_in("Haus", "", language, false).score,
            0.0
        );
        assert_eq!(
            measure_completeness_in("?!", "…", language, false).score,
            1.0
        );
    }
}

#[test]
fn keyword_rules_for_a_reference_without_keywords() {
    let legacy = KeywordRules::Legacy;
    let scorer = KeywordRules::Scorer;
    let de = Language::German;
    assert_eq!(keyword_coverage_in("", "", de, legacy).score, 1.0);
    assert_eq!(
        keyword_coverage_in("und der", "Haus", de, legacy).score,
        0.0
    );
    assert_eq!(
        keyword_coverage_in("und der", "Haus", de, scorer).score,
        1.0
    );
    let r = keyword_coverage_in("Die Häuser und 12 Bücher", "ein Buch", de, legacy);
    assert_eq!((r.total_keywords, r.matched_keywords, r.score), (2, 1, 0.5));
}

/// A short paragraph of our own per language, and the language `detect_language` must find.
const PARAGRAPHS: [(Option<Language>, &str); 18] = [
    (None, "The river rises in the hills and runs to the sea; it is wide, and the town was built on its bank."),
    (Some(Language::German), "Der Fluss entspringt in den Bergen und fließt zum Meer. Die Stadt wurde an seinem Ufer gebaut, und sie ist sehr alt."),
    (Some(Language::French), "La rivière prend sa source dans les collines et coule vers la mer. La ville a été construite sur sa rive, et elle est très ancienne."),
    (Some(Language::Spanish), "El río nace en las colinas y corre hacia el mar. La ciudad fue construida en su orilla y es muy antigua."),
    (Some(Language::Italian), "Il fiume nasce nelle colline e scorre verso il mare. La città è stata costruita sulla sua riva ed è molto antica."),
    (Some(Language::Portuguese), "O rio nasce nas colinas e corre para o mar. A cidade foi construída na sua margem e é muito antiga."),
    (Some(Language::Dutch), "De rivier ontspringt in de heuvels en stroomt naar de zee. De stad is op de oever gebouwd en is erg oud."),
    (Some(Language::Swedish), "Floden börjar i bergen och rinner till havet. Staden byggdes på dess strand och är mycket gammal."),
    (Some(Language::Norwegian), "Elva begynner i fjellet og renner ut i havet. Byen ble bygget på bredden, og den er veldig gammel. Hva vet du om den?"),
    (Some(Language::Danish), "Floden begynder i bakkerne og løber ud i havet. Byen blev bygget på bredden, og den er meget gammel. Hvad ved du om den?"),
    (Some(Language::Finnish), "Joki alkaa kukkuloilta ja virtaa mereen. Kaupunki rakennettiin sen rannalle, ja se on hyvin vanha."),
    (Some(Language::Hungarian), "A folyó a dombokban ered, és a tengerbe folyik. A várost a partján építették, és nagyon régi."),
    (Some(Language::Romanian), "Râul izvorăște din dealuri și curge spre mare. Orașul a fost construit pe malul lui și este foarte vechi."),
    (Some(Language::Russian), "Река начинается в горах и течёт к морю. Город построен на её берегу, и он очень старый."),
    (Some(Language::Greek), "Το ποτάμι πηγάζει από τους λόφους και κυλά προς τη θάλασσα. Η πόλη χτίστηκε στην όχθη του."),
    (Some(Language::Arabic), "ينبع النهر من التلال ويجري نحو البحر. بنيت المدينة على ضفته، وهي قديمة جدا."),
    (Some(Language::Tamil), "ஆறு மலைகளில் தொடங்கி கடலை நோக்கி ஓடுகிறது. நகரம் அதன் கரையில் கட்டப்பட்டது."),
    (Some(Language::Turkish), "Nehir tepelerden doğar ve denize doğru akar. Şehir onun kıyısına kurulmuştur ve çok eskidir."),
];

#[test]
fn each_language_is_detected_from_a_paragraph() {
    for (expected, paragraph) in PARAGRAPHS {
        assert_eq!(detect_language(paragraph), expected, "{paragraph}");
    }
}

#[test]
fn short_everyday_sentences_are_detected_too() {
    // Pronouns and articles English shares with Italian ("i"), Portuguese ("a") or Spanish
    // ("no") count for English as well, and English wins ties.
    let english = [
        ["I think I can do it", "I can"],
        ["I feel tired today", "I am tired"],
        ["Hi, I need help with my order", "I need help"],
        ["Thanks a lot", "Thanks"],
        ["No problem", "No"],
    ];
    for pair in english {
        assert_eq!(detect_language_of(&pair), None, "{pair:?}");
    }
    assert_eq!(
        detect_language_of(&["Je suis fatigué", "Je suis là"]),
        Some(Language::French)
    );
}

#[test]
fn addresses_do_not_vote() {
    // "de" of a domain would vote for Dutch, Portuguese, Romanian, …
    let german = [
        "Die Lieferung kommt morgen. Details: www.post.de",
        "Die Lieferung kommt morgen.",
    ];
    assert_eq!(detect_language_of(&german), Some(Language::German));
    assert_eq!(
        detect_language_of(&["email me at info@firma.de", "ok"]),
        None
    );
    assert_eq!(
        detect_language_of(&["see https://example.com/de/la/le/les for it"]),
        None
    );
}

#[test]
fn turkish_capitals_pair_with_their_own_small_letters() {
    // I is the capital of ı, İ that of i: sentence-initial and all-caps words match.
    let tr = Language::Turkish;
    assert_eq!(
        stemmed_elements("İzmir güzel", tr, false)[0],
        stemmed_elements("izmir", tr, false)[0]
    );
    assert_eq!(
        stemmed_elements("Işık söndü", tr, false)[0],
        stemmed_elements("ışık", tr, false)[0]
    );
    let caps = stemmed_elements("İSTANBUL IŞIK", tr, false);
    assert_eq!(caps, stemmed_elements("istanbul ışık", tr, false));
    assert_eq!(
        measure_completeness_in("İSTANBUL IŞIK", "istanbul ışık", tr, false).score,
        1.0
    );
    // Other languages keep Unicode's own lower case: I is i.
    assert_eq!(stemmed_elements("Ist", Language::German, false), ["ist"]);
}

#[test]
fn text_without_letters_or_with_an_unstemmed_script_is_english() {
    for text in ["", "123 — 456", "🙂", "東京は大きい", "서울은 크다"] {
        assert_eq!(detect_language(text), None, "{text}");
    }
}

#[test]
fn words_too_long_to_be_words_are_kept_whole() {
    let long = "ä".repeat(MAX_STEMMED_CHARS + 1);
    assert_eq!(stemmed_elements(&long, Language::German, false), [long]);
    let stem = "ab".repeat(MAX_STEMMED_CHARS / 2 - 1);
    let longest = format!("{stem}en");
    assert_eq!(stemmed_elements(&longest, Language::German, false), [stem]);
}
