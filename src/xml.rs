//! What decksmith's XML readers (the `.cod` and `.dek` deck encodings, Cockatrice card
//! databases) read the same way.

use crate::deck::ParseProblem;
use crate::deck::Zone;
use quick_xml::escape::resolve_predefined_entity;
use quick_xml::events::{BytesRef, BytesStart};
use quick_xml::XmlVersion;
use std::ops::Range;

pub fn tag(e: &BytesStart<'_>) -> String {
    String::from_utf8_lossy(e.name().as_ref()).into_owned()
}

/// What a general reference (`&amp;`, `&#38;`) stands for; `None` for an entity XML does not
/// predefine, which none of these files declares.
pub fn reference(r: &BytesRef<'_>) -> Option<String> {
    match r.resolve_char_ref() {
        Ok(Some(c)) => Some(c.to_string()),
        Ok(None) => (r.decode().ok())
            .and_then(|n| resolve_predefined_entity(&n))
            .map(str::to_owned),
        Err(_) => None,
    }
}

/// What to say of a reference [`reference`] does not know.
pub const REFERENCES_KNOWN: &str = "XML knows &lt; &gt; &amp; &quot; &apos; and &#NN; only";

/// An element's attributes, names and values unescaped, or what is wrong with them.
pub fn attributes(e: &BytesStart<'_>) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for a in e.attributes() {
        let a = a.map_err(|e| e.to_string())?;
        let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
        let value = a
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|e| e.to_string())?
            .into_owned();
        out.push((key, value));
    }
    Ok(out)
}

/// A zone element's (`<zone>`, `<superzone>`) name as written, or the problem with it (then its
/// cards are not read). `example` is a name to show in the help.
pub fn zone(
    e: &BytesStart<'_>,
    span: &Range<usize>,
    line: u32,
    skip: &mut dyn FnMut(String),
    example: &str,
) -> Result<Zone, ParseProblem> {
    let element = tag(e);
    let problem = |message: String| ParseProblem {
        message,
        help: Some(format!(
            "write the {element} as <{element} name=\"{example}\">"
        )),
        span: Some(span.clone()),
        line: Some(line),
    };
    let mut name = None;
    for (k, v) in attributes(e).map_err(problem)? {
        match k.as_str() {
            "name" => name = Some(v),
            other => skip(format!("the <{element}> attribute `{other}`")),
        }
    }
    Ok(Zone {
        name: name.filter(|n| !n.trim().is_empty()).ok_or_else(|| {
            problem(format!(
                "a <{element}> without a `name`; its cards are not read"
            ))
        })?,
        span: Some(span.clone()),
        line: Some(line),
        entries: Vec::new(),
    })
}
