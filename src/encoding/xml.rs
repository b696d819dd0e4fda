//! What the two XML deck encodings (Cockatrice's `.cod`, LackeyCCG's `.dek`) read the same way.

use quick_xml::events::BytesStart;
use quick_xml::XmlVersion;

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
