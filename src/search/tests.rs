//! Queries over the shipped databases: each term, the operators, and the mistakes.

use super::*;
use crate::catalog::Catalog;

fn ids(query: &str, game: &str) -> Vec<String> {
    let catalog = Catalog::embedded().unwrap();
    let games = vec![catalog.game(game).unwrap()];
    let q = Query::parse(query).unwrap_or_else(|p| panic!("{query}: {}", p.message));
    q.check(&games, catalog)
        .unwrap_or_else(|p| panic!("{query}: {}", p.message));
    find(&q, &games, catalog, Date::new(2026, 7, 1).unwrap())
        .iter()
        .map(|h| h.card().id().to_owned())
        .collect()
}

/// Every card of `game` for which `pred` holds, by id: the same question asked of the data
/// directly, to compare a query with.
fn expected(game: &str, pred: impl Fn(&Game, usize) -> bool) -> Vec<String> {
    let g = Catalog::embedded().unwrap().game(game).unwrap();
    (0..g.cards.len())
        .filter(|&i| pred(g, i))
        .map(|i| g.cards[i].id().to_owned())
        .collect()
}

#[test]
fn stats_compare_with_every_operator() {
    let cost = |g: &Game, i: usize| g.cards[i].cost();
    for (q, f) in [
        ("cost<=2", (|c: i64| c <= 2) as fn(i64) -> bool),
        ("cost<2", |c| c < 2),
        ("cost>=6", |c| c >= 6),
        ("cost>6", |c| c > 6),
        ("cost=3", |c| c == 3),
        ("cost:3", |c| c == 3),
        ("cost!=3", |c| c != 3),
    ] {
        let want = expected("jforce", |g, i| cost(g, i).is_some_and(f));
        assert!(!want.is_empty(), "{q}");
        assert_eq!(ids(q, "jforce"), want, "{q}");
    }
}

#[test]
fn fields_and_boolean_structure() {
    let strikes_cheap = expected("jforce", |g, i| {
        let c = &g.cards[i];
        c.kind() == "strike" && c.cost().is_some_and(|n| n <= 2)
    });
    assert_eq!(ids("t:strike cost<=2", "jforce"), strikes_cheap);
    assert_eq!(ids("type=Strike and cost<=2", "jforce"), strikes_cheap);
    let not_strikes = expected("jforce", |g, i| g.cards[i].kind() != "strike");
    assert_eq!(ids("-t:strike", "jforce"), not_strikes);
    assert_eq!(ids("t!=strike", "jforce"), not_strikes);
    let either = expected("jforce", |g, i| {
        matches!(g.cards[i].kind(), "hero" | "legendary")
    });
    assert_eq!(ids("t:hero or t:legendary", "jforce"), either);
    assert_eq!(ids("(t:hero or t:legendary) game:jforce", "jforce"), either);
    assert!(ids("game:fow", "jforce").is_empty());
}

#[test]
fn words_names_ids_and_text() {
    assert_eq!(ids("JF-006", "jforce"), ["JF-006"]);
    assert_eq!(ids("id=jf-006", "jforce"), ["JF-006"]);
    let ember = expected("jforce", |g, i| g.cards[i].name().contains("Ember Striker"));
    assert_eq!(ids("\"ember striker\"", "jforce"), ember);
    assert_eq!(ids("name:\"Ember Striker\"", "jforce"), ember);
    assert_eq!(ids("name=\"ember striker\"", "jforce"), ["JF-006"]);
    let with_text = expected("skirmish", |g, i| {
        g.cards[i]
            .text
            .as_deref()
            .is_some_and(|t| t.to_lowercase().contains("draw"))
    });
    assert!(!with_text.is_empty());
    assert_eq!(ids("text:draw", "skirmish"), with_text);
}

#[test]
fn colours_attributes_sets_and_properties() {
    let red = expected("skirmish", |g, i| g.cards[i].colours() == ["red"]);
    assert_eq!(ids("c:red", "skirmish"), red);
    assert_eq!(ids("colour:Red", "skirmish"), red);
    let fire = expected("fow", |g, i| {
        g.cards[i].attribute.iter().any(|a| a.get_ref() == "fire")
    });
    assert_eq!(ids("c:fire", "fow"), fire);
    let only_fire = expected("fow", |g, i| {
        let a = &g.cards[i].attribute;
        a.len() == 1 && a[0].get_ref() == "fire"
    });
    assert_eq!(ids("c=fire", "fow"), only_fire);
    let basic = expected("fow", |g, i| g.cards[i].basic);
    assert_eq!(ids("is:basic", "fow"), basic);
    let legendary = expected("jforce", |g, i| g.is_legendary_at(i));
    assert_eq!(ids("is:legendary", "jforce"), legendary);
    let evolutions = expected("jforce", |g, i| g.cards[i].evolution.is_some());
    assert_eq!(ids("is:evolution", "jforce"), evolutions);
    let jf2 = expected("jforce", |g, i| g.cards[i].set() == "JF2");
    assert_eq!(ids("set:jf2", "jforce"), jf2);
    let flying = expected("fow", |g, i| g.cards[i].has_keyword("flying"));
    assert_eq!(ids("kw:flying", "fow"), flying);
    assert_eq!(ids("is:flying", "fow"), flying);
    let big = expected("fow", |g, i| {
        g.cards[i].stat("atk").is_some_and(|a| a >= 1000)
    });
    assert_eq!(ids("atk>=1000", "fow"), big);
}

#[test]
fn legality_and_bans_follow_the_date() {
    // jforce-banlist bans Time Skip from 2026-01-01 and Overload from 2026-06-01.
    let banned = ids("banned:jforce-banlist", "jforce");
    let names: Vec<String> = banned
        .iter()
        .map(|id| {
            let g = Catalog::embedded().unwrap().game("jforce").unwrap();
            g.cards[g.find(id).unwrap()].name().to_owned()
        })
        .collect();
    assert_eq!(names, ["Time Skip", "Overload"]);
    let legal = ids("legal:jforce-core-sets", "jforce");
    let core = expected("jforce", |g, i| g.cards[i].set() == "JF1");
    assert_eq!(legal, core);
}

fn mistake(query: &str) -> Problem {
    let catalog = Catalog::embedded().unwrap();
    let games: Vec<&Game> = catalog.games.values().collect();
    match Query::parse(query) {
        Err(p) => p,
        Ok(q) => q.check(&games, catalog).unwrap_err(),
    }
}

#[test]
fn mistakes_point_into_the_query_and_suggest() {
    for (query, span, help) in [
        ("tpye:strike", 0..4, "did you mean `type`?"),
        ("t:strik", 2..7, "did you mean `t:strike`?"),
        ("c:gren", 2..6, "did you mean `c:green`?"),
        (
            "legal:jforce-standrd",
            6..20,
            "did you mean `legal:jforce-standard`?",
        ),
        ("is:legendry", 3..11, "did you mean `is:legendary`?"),
        ("cost<=two", 6..9, "write a whole number, as in `cost<=3`"),
        ("(t:strike", 0..1, "close the group with `)`"),
        (
            "t:strike)",
            8..9,
            "remove it, or open a group with `(` before it",
        ),
        ("t:strike or", 9..11, "add a term after it, or remove it"),
    ] {
        let p = mistake(query);
        assert_eq!(p.labels[0].0, span, "{query}: {}", p.message);
        assert_eq!(p.help.as_deref(), Some(help), "{query}");
    }
}

#[test]
fn no_query_text_panics() {
    for query in [
        "",
        "(",
        ")",
        "-",
        "\"",
        "a:",
        ":",
        "((a",
        "a or or b",
        "-(",
        "é:é<",
        "x!",
    ] {
        let catalog = Catalog::embedded().unwrap();
        let games: Vec<&Game> = catalog.games.values().collect();
        if let Ok(q) = Query::parse(query) {
            let _ = q.check(&games, catalog);
            let _ = find(&q, &games, catalog, Date::new(2026, 1, 1).unwrap());
        }
    }
}

proptest::proptest! {
    #[test]
    fn arbitrary_text_never_panics(query in "[a-z:=<>!()\" -é0-9]{0,30}") {
        let catalog = Catalog::embedded().unwrap();
        let games: Vec<&Game> = catalog.games.values().collect();
        if let Ok(q) = Query::parse(&query) {
            let _ = q.check(&games, catalog);
            let _ = find(&q, &games, catalog, Date::new(2026, 1, 1).unwrap());
        }
    }
}

/// `owned` counts the copies of a collection: each operator, the word alone and negated,
/// against the counts written in the collection.
#[test]
fn owned_compares_the_copies_in_the_collection() {
    let catalog = Catalog::embedded().unwrap();
    let game = catalog.game("jforce").unwrap();
    let text = "count,name\n1 ,Ember Striker\n2,Ash Hound\n3,Spark Runner\n1,Ash Hound\n";
    let collection = crate::collection::Collection::parse(SourceFile::new("c.csv", text), catalog);
    let have = crate::collection::Have::new(collection.unwrap(), &[game]);
    let owned = |query: &str| -> Vec<String> {
        let q = Query::parse(query).unwrap().having(true);
        q.check(&[game], catalog).unwrap();
        let date = Date::new(2026, 7, 1).unwrap();
        let mut names: Vec<String> = find_having(&q, &[game], catalog, date, Some(&have))
            .iter()
            .map(|h| h.card().name().to_owned())
            .collect();
        names.sort();
        names
    };
    // Ash Hound's two rows sum to 3.
    assert_eq!(owned("owned>=2"), ["Ash Hound", "Spark Runner"]);
    assert_eq!(owned("owned=1"), ["Ember Striker"]);
    assert_eq!(owned("owned<3 owned>0"), ["Ember Striker"]);
    assert_eq!(
        owned("owned"),
        ["Ash Hound", "Ember Striker", "Spark Runner"]
    );
    let none = owned("-owned");
    assert_eq!(none.len(), game.cards.len() - 3);
    assert_eq!(owned("owned=0"), none);
    assert_eq!(owned("owned!=0").len(), 3);
}

#[test]
fn owned_without_a_collection_says_have_is_needed() {
    let catalog = Catalog::embedded().unwrap();
    let game = catalog.game("jforce").unwrap();
    for query in ["owned>=2", "-owned", "t:strike owned"] {
        let q = Query::parse(query).unwrap();
        let p = q.check(&[game], catalog).unwrap_err();
        assert!(p.help.as_deref().unwrap().contains("--have"), "{query}");
    }
    let p = Query::parse("owned>=two").unwrap_err();
    assert!(p.message.contains("not"), "{}", p.message);
}

#[test]
fn a_two_faced_card_is_found_by_either_face() {
    let ruler = expected("fow", |g, i| g.cards[i].name() == "Tidecaller of Lapis");
    assert_eq!(ruler.len(), 1);
    // The J-ruler's name alone, as a word, a name term and a whole name.
    assert_eq!(ids("\"sovereign of tides\"", "fow"), ruler);
    assert_eq!(ids("name:tides", "fow"), ruler);
    assert_eq!(ids("name=\"lapis, sovereign of tides\"", "fow"), ruler);
    // The front name still finds it, and a name neither face has finds nothing.
    assert_eq!(ids("name=\"tidecaller of lapis\"", "fow"), ruler);
    assert!(ids("name=\"lapis, sovereign\"", "fow").is_empty());
}
