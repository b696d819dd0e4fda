//! The stable rule ids: the one list behind findings' JSON, the README's rule table, SARIF's
//! rule metadata and CI titles.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// Declares the rule ids once: variant, id, what the rule checks in one line, and severity.
macro_rules! rule_ids {
    ($($variant:ident $id:literal $severity:ident $summary:literal,)*) => {
        /// A rule id. Declaration order is the README's order, and the order findings on one
        /// deck line are listed in.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum RuleId {
            $($variant,)*
        }

        impl RuleId {
            pub const ALL: &[RuleId] = &[$(RuleId::$variant,)*];

            /// The id as findings, formats and the README write it (`copy-limit`).
            pub fn id(self) -> &'static str {
                match self {
                    $(RuleId::$variant => $id,)*
                }
            }

            /// What the rule checks, in one line.
            pub fn summary(self) -> &'static str {
                match self {
                    $(RuleId::$variant => $summary,)*
                }
            }

            pub fn severity(self) -> Severity {
                match self {
                    $(RuleId::$variant => Severity::$severity,)*
                }
            }
        }
    };
}

rule_ids! {
    Parse "parse" Error "the deck list must be readable and name a known format and zones",
    UnknownCard "unknown-card" Error "every card must exist in the game's card database",
    DeckSize "deck-size" Error "each zone must hold the number of cards the format asks for",
    ZoneType "zone-type" Error "each zone may hold only the card types the game allows there",
    CopyLimit "copy-limit" Error "at most the format's number of copies of one card",
    LegendaryLimit "legendary-limit" Error
        "at most the format's number of copies of each Legendary card",
    Hero "hero" Error "exactly one Hero or ruler",
    ColourMinimum "colour-minimum" Error "at least the format's number of cards of each colour",
    ColourRatio "colour-ratio" Error "colour counts in the format's ratio",
    ColourIdentity "colour-identity" Error
        "every card's colours within the deck's identity (its Leader's, a declared set, at most N)",
    Banned "banned" Error "no card banned on the validation date",
    Limited "limited" Error "no more copies of a limited card than its limit",
    CombinationBanned "combination-banned" Error "no group of cards banned together",
    SetLegality "set-legality" Error "only cards from the format's sets",
    SideboardPlan "sideboard-plan" Error
        "each sideboard plan boards in only what the side zone holds and leaves a legal deck",
    Evolution "evolution" Warning
        "each evolution level's previous level is in the deck (warning)",
    Printing "printing" Warning
        "each printing a list names is one the card database knows (warning)",
    NotOwned "not-owned" Warning
        "with --have, the collection holds every copy the deck needs (warning)",
    Unreadable "unreadable" Error
        "each file in a batch can be read and parsed as a deck list",
}

impl RuleId {
    pub fn from_id(id: &str) -> Option<RuleId> {
        RuleId::ALL.iter().copied().find(|r| r.id() == id)
    }
}

impl Serialize for RuleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl std::fmt::Display for RuleId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}
