//! What the two XML deck encodings (Cockatrice's `.cod`, LackeyCCG's `.dek`) read the same way.

use crate::deck::ParseProblem;
use crate::deck::Zone;
use quick_xml::events::BytesStart;
use quick_xml::XmlVersion;
use std::ops::Range;

pub(super) fn tag(e: &BytesStart<'_>) -> String {
    String::from_utf8_lossy(e.name().as_ref()).into_owned()
}

/// An element's attributes, names and values unescaped, or what is wrong with them.
pub(super) fn attributes(e: &BytesStart<'_>) -> Result<Vec<(String, String)>, String> {
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
pub(super) fn zone(
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
