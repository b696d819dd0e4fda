//! Every action legal now, for whoever decides.

use super::action::{battle_ref, targets, Action, UnitRef};
use super::cards::Kind;
use super::state::{abilities, Phase, Slot, State, Unit};

/// Cards already offered from the hand: copies of a card give one action. A bitset for the
/// first 256 card indices, a scan of the hand before for the rest.
#[derive(Default)]
struct SeenCards([u64; 4]);

impl SeenCards {
    /// Marks `card` seen; true if it was already (`before` is the hand before it).
    fn insert(&mut self, card: u16, before: &[u16]) -> bool {
        let i = usize::from(card);
        match self.0.get_mut(i / 64) {
            Some(word) => {
                let bit = 1u64 << (i % 64);
                let seen = *word & bit != 0;
                *word |= bit;
                seen
            }
            None => before.contains(&card),
        }
    }
}

/// Every action legal now, for whoever decides. Copies of one card in hand give one action.
pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    out.clear();
    if state.outcome.is_some() {
        return;
    }
    let table = &*state.table;
    let p = state.decider();
    let seat = state.seat(p);
    match state.phase {
        Phase::Block { .. } => {
            out.push(Action::NoBlock { player: p });
            for (i, u) in seat.battle.iter().enumerate() {
                out.push(Action::Block {
                    player: p,
                    blocker: battle_ref(state, p, i, u),
                });
            }
        }
        Phase::Discard => {
            let mut seen = SeenCards::default();
            for (i, &card) in seat.hand.iter().enumerate() {
                if !seen.insert(card, &seat.hand[..i]) {
                    out.push(Action::Discard {
                        player: p,
                        hand: i as u8,
                        card: table.name(card),
                    });
                }
            }
        }
        Phase::Action => {
            out.push(Action::End { player: p });
            let mut seen = SeenCards::default();
            for (i, &card) in seat.hand.iter().enumerate() {
                let info = table.card(card);
                // Affordability first: it rules out most cards, and is cheaper than the
                // duplicate check.
                if info.cost > seat.charge || seen.insert(card, &seat.hand[..i]) {
                    continue;
                }
                let hand = i as u8;
                match info.kind {
                    Kind::Hero => {}
                    Kind::Strike | Kind::Support | Kind::Legendary => {
                        if info.legendary && seat.legendary_used.contains(&card) {
                            continue;
                        }
                        match info.choice {
                            None => out.push(Action::Play {
                                player: p,
                                hand,
                                card: info.name,
                                target: None,
                            }),
                            Some(side) => {
                                for t in targets(state, p, side) {
                                    out.push(Action::Play {
                                        player: p,
                                        hand,
                                        card: info.name,
                                        target: Some(t),
                                    });
                                }
                            }
                        }
                    }
                    Kind::Evolution => {
                        let Some(evo) = info.evolution else { continue };
                        let fits = |unit: &Unit| {
                            unit.card == evo.base
                                && unit.level(table) == evo.level.checked_sub(1)
                                && unit
                                    .evolutions
                                    .last()
                                    .and_then(|&e| table.card(e).evolution)
                                    .is_none_or(|e| e.line == evo.line)
                        };
                        if fits(&seat.hero) {
                            out.push(Action::Evolve {
                                player: p,
                                hand,
                                card: info.name,
                                onto: UnitRef {
                                    owner: p,
                                    slot: Slot::Hero,
                                    name: seat.hero.name(table),
                                    nth: 0,
                                },
                            });
                        }
                        for (b, unit) in seat.battle.iter().enumerate() {
                            if fits(unit) {
                                out.push(Action::Evolve {
                                    player: p,
                                    hand,
                                    card: info.name,
                                    onto: battle_ref(state, p, b, unit),
                                });
                            }
                        }
                    }
                }
            }
            let units = std::iter::once((Slot::Hero, &seat.hero)).chain(
                seat.battle
                    .iter()
                    .enumerate()
                    .map(|(i, u)| (Slot::Battle(i as u8), u)),
            );
            for (slot, unit) in units {
                let has_abilities =
                    !table.card(unit.card).abilities.is_empty() || !unit.evolutions.is_empty();
                if unit.attacked && !has_abilities {
                    continue;
                }
                let u = match slot {
                    Slot::Hero => UnitRef {
                        owner: p,
                        slot,
                        name: unit.name(table),
                        nth: 0,
                    },
                    Slot::Battle(i) => battle_ref(state, p, usize::from(i), unit),
                };
                if !unit.attacked {
                    out.push(Action::Attack {
                        player: p,
                        attacker: u,
                    });
                }
                for (k, ability) in abilities(table, unit).enumerate() {
                    if ability.charge > seat.charge {
                        continue;
                    }
                    let ability_index = k.min(255) as u8;
                    match ability.choice {
                        None => out.push(Action::Activate {
                            player: p,
                            unit: u,
                            ability: ability_index,
                            target: None,
                        }),
                        Some(side) => {
                            for t in targets(state, p, side) {
                                out.push(Action::Activate {
                                    player: p,
                                    unit: u,
                                    ability: ability_index,
                                    target: Some(t),
                                });
                            }
                        }
                    }
                }
            }
        }
    }
}
