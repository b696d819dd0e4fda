//! Monte Carlo tree search over determinizations (single-observer information-set MCTS):
//! each iteration re-deals what the deciding seat has not seen, walks the tree by UCB1 among
//! the children whose actions are legal in that deal, adds one node, plays on at random for a
//! bounded number of actions and scores the end with the engine's evaluation. The choice is
//! the most visited child of the root.
//!
//! At a simultaneous choice the searching seat picks its own part by UCB1 and the opponent's
//! part is drawn at random: the player cannot know it.

use super::super::rng::Rng;
use super::super::{Engine, Player, ToMove};
use super::complete;

/// Random actions played after the tree before the evaluation scores the position.
const ROLLOUT_DEPTH: u32 = 40;
/// UCB1's exploration constant (√2, the textbook value for rewards in 0..1).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

struct Node<A> {
    /// The action that led here (`None` at the root).
    action: Option<A>,
    /// Who chose that action: the node's value is from this seat's point of view.
    mover: Player,
    visits: u32,
    value: f64,
    children: Vec<usize>,
}

/// The tree and buffers, kept between decisions so that a game allocates once.
pub struct Search<E: Engine> {
    nodes: Vec<Node<E::Action>>,
    parts: Vec<E::Action>,
    buf: Vec<E::Action>,
    events: Vec<E::Event>,
    path: Vec<usize>,
}

impl<E: Engine> Default for Search<E> {
    fn default() -> Self {
        Search {
            nodes: Vec::new(),
            parts: Vec::new(),
            buf: Vec::new(),
            events: Vec::new(),
            path: Vec::new(),
        }
    }
}

impl<E: Engine> Search<E> {
    pub fn choose(
        &mut self,
        state: &E::State,
        me: Player,
        choices: &[E::Action],
        iterations: u32,
        rng: &mut Rng,
    ) -> usize {
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            mover: me,
            visits: 0,
            value: 0.0,
            children: Vec::new(),
        });
        for _ in 0..iterations {
            self.iterate(state, me, rng);
        }
        // The most visited root child among the real choices; the first on a tie.
        let mut best = (0, 0);
        for (i, choice) in choices.iter().enumerate() {
            let visits = self.nodes[0]
                .children
                .iter()
                .map(|&c| &self.nodes[c])
                .find(|n| n.action.as_ref() == Some(choice))
                .map_or(0, |n| n.visits);
            if visits > best.1 {
                best = (i, visits);
            }
        }
        best.0
    }

    fn iterate(&mut self, root: &E::State, me: Player, rng: &mut Rng) {
        let mut s = E::determinize(root, me, rng);
        let mut node = 0;
        self.path.clear();
        self.path.push(0);
        // Selection and expansion.
        while let Some(to_move) = E::to_move(&s) {
            let mover = match to_move {
                ToMove::One(p) => p,
                ToMove::Both => me,
            };
            E::choices(&s, mover, &mut self.parts);
            let children = &self.nodes[node].children;
            let untried = self.parts.iter().position(|part| {
                !children
                    .iter()
                    .any(|&c| self.nodes[c].action.as_ref() == Some(part))
            });
            let (next, expanded) = if let Some(i) = untried {
                let id = self.nodes.len();
                self.nodes.push(Node {
                    action: Some(self.parts[i].clone()),
                    mover,
                    visits: 0,
                    value: 0.0,
                    children: Vec::new(),
                });
                self.nodes[node].children.push(id);
                (id, true)
            } else {
                match self.select(node) {
                    Some(c) => (c, false),
                    None => break,
                }
            };
            let Some(part) = self.nodes[next].action.clone() else {
                break;
            };
            let action = complete::<E>(&s, mover, &part, rng, &mut self.buf);
            self.events.clear();
            if E::apply(&mut s, &action, &mut self.events).is_err() {
                break;
            }
            node = next;
            self.path.push(node);
            if expanded {
                break;
            }
        }
        // Rollout.
        for _ in 0..ROLLOUT_DEPTH {
            if E::outcome(&s).is_some() {
                break;
            }
            let Some(i) = E::random_action(&s, rng, &mut self.buf) else {
                break;
            };
            let action = self.buf[i].clone();
            self.events.clear();
            if E::apply(&mut s, &action, &mut self.events).is_err() {
                break;
            }
        }
        let value = E::evaluate(&s, me);
        for &n in &self.path {
            let n = &mut self.nodes[n];
            n.visits += 1;
            n.value += if n.mover == me { value } else { 1.0 - value };
        }
    }

    /// UCB1 among the children legal in this deal (those in `self.parts`).
    fn select(&self, node: usize) -> Option<usize> {
        let parent = f64::from(self.nodes[node].visits.max(1)).ln();
        let mut best: Option<(usize, f64)> = None;
        for &c in &self.nodes[node].children {
            let child = &self.nodes[c];
            let Some(action) = &child.action else {
                continue;
            };
            if !self.parts.contains(action) {
                continue;
            }
            let visits = f64::from(child.visits.max(1));
            let score = child.value / visits + EXPLORATION * (parent / visits).sqrt();
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((c, score));
            }
        }
        best.map(|(c, _)| c)
    }
}
