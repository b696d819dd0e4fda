//! Calendar dates for dated ban-list revisions, without a date-time dependency: formats only
//! need to compare days, and "today" is the only clock reading decksmith makes.

use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        let days_in_month = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
            2 => 28,
            _ => return None,
        };
        (1..=days_in_month)
            .contains(&day)
            .then_some(Date { year, month, day })
    }

    /// Today in UTC.
    pub fn today() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_days_since_epoch((secs / 86_400) as i64)
    }

    /// Civil date of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    pub fn from_days_since_epoch(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    pub fn from_toml(value: &toml::value::Datetime) -> Option<Date> {
        if value.time.is_some() {
            return None;
        }
        let d = value.date?;
        Date::new(i32::from(d.year), d.month, d.day)
    }
}

impl FromStr for Date {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || format!("`{s}` is not a date: write it as YYYY-MM-DD, e.g. 2026-03-01");
        let mut parts = s.trim().splitn(3, '-');
        let (Some(y), Some(m), Some(d)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(err());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(err());
        }
        let year = y.parse().map_err(|_| err())?;
        let month = m.parse().map_err(|_| err())?;
        let day = d.parse().map_err(|_| err())?;
        Date::new(year, month, day).ok_or_else(err)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_days_convert_to_civil_dates() {
        assert_eq!(Date::from_days_since_epoch(0).to_string(), "1970-01-01");
        assert_eq!(
            Date::from_days_since_epoch(20_786).to_string(),
            "2026-11-29"
        );
        assert_eq!(
            Date::from_days_since_epoch(11_016).to_string(),
            "2000-02-29"
        );
    }

    #[test]
    fn parsing_rejects_impossible_days() {
        assert!("2026-02-29".parse::<Date>().is_err());
        assert!("2024-02-29".parse::<Date>().is_ok());
        assert!("2026-13-01".parse::<Date>().is_err());
        assert!("26-1-1".parse::<Date>().is_err());
    }
}
