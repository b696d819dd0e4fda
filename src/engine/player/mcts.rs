//! Monte Carlo tree search over determinizations (single-observer information-set MCTS):
//! each iteration re-deals what the deciding seat has not seen, walks the tree by UCB1 among
//! the choices legal in that deal, adds one node, plays on at random for at most the engine's
//! [`Engine::ROLLOUT_DEPTH`] actions and scores the end with the engine's evaluation. The
//! choice is the root's most visited one.
//!
//! A simultaneous choice is searched decoupled (decoupled UCT): each seat keeps statistics of
//! its own parts and picks one by its own UCB1, blind to the other's pick, and the two parts
//! joined are the action played. So inside the search the opponent answers in its own
//! interest, as it will in the game, and neither part is chosen knowing the other. (Drawing
//! the opponent's part at random instead, as this search once did, prepares for a random
//! opponent: against `greedy` it played for answers a real player does not give.)

use super::super::rng::Rng;
use super::super::{Engine, Player, ToMove};

/// UCB1's exploration constant (√2, the textbook value for rewards in 0..1).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Visits of a choice and its value summed from the searching seat's point of view.
#[derive(Clone, Copy, Default)]
struct Stats {
    visits: u32,
    value: f64,
}

impl Stats {
    fn add(&mut self, value: f64) {
        self.visits += 1;
        self.value += value;
    }

    /// UCB1 for `seat` (the searching seat is `me`), `ln_parent` being the logarithm of the
    /// parent's visits.
    fn ucb(&self, seat: Player, me: Player, ln_parent: f64) -> f64 {
        let visits = f64::from(self.visits.max(1));
        let mean = self.value / visits;
        let mean = if seat == me { mean } else { 1.0 - mean };
        mean + EXPLORATION * (ln_parent / visits).sqrt()
    }
}

/// One seat's part of a simultaneous choice, with that seat's statistics for it.
struct Arm<A> {
    part: A,
    stats: Stats,
}

struct Node<A> {
    /// The action that led here (`None` at the root); after a simultaneous choice, both
    /// parts joined.
    action: Option<A>,
    stats: Stats,
    children: Vec<usize>,
    /// At a simultaneous choice, the parts each seat tried here (indexed by seat).
    arms: [Vec<Arm<A>>; 2],
}

impl<A> Node<A> {
    fn new(action: Option<A>) -> Node<A> {
        Node {
            action,
            stats: Stats::default(),
            children: Vec::new(),
            arms: [Vec::new(), Vec::new()],
        }
    }
}

/// A node on an iteration's path and, at a simultaneous choice, the arm each seat took.
#[derive(Clone, Copy)]
struct Step {
    node: usize,
    arms: Option<[usize; 2]>,
}

/// The tree and buffers, kept between decisions so that a game allocates little.
pub struct Search<E: Engine> {
    nodes: Vec<Node<E::Action>>,
    parts: Vec<E::Action>,
    buf: Vec<E::Action>,
    events: Vec<E::Event>,
    path: Vec<Step>,
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
        self.nodes.push(Node::new(None));
        for _ in 0..iterations {
            self.iterate(state, me, rng);
        }
        // The most visited root choice among the real choices; the first on a tie.
        let root = &self.nodes[0];
        let visits = |choice: &E::Action| match E::to_move(state) {
            Some(ToMove::Both) => root.arms[me.index()]
                .iter()
                .find(|a| &a.part == choice)
                .map_or(0, |a| a.stats.visits),
            _ => root
                .children
                .iter()
                .map(|&c| &self.nodes[c])
                .find(|n| n.action.as_ref() == Some(choice))
                .map_or(0, |n| n.stats.visits),
        };
        let mut best = (0, 0);
        for (i, choice) in choices.iter().enumerate() {
            let v = visits(choice);
            if v > best.1 {
                best = (i, v);
            }
        }
        best.0
    }

    fn iterate(&mut self, root: &E::State, me: Player, rng: &mut Rng) {
        let mut s = E::determinize(root, me, rng);
        let mut node = 0;
        self.path.clear();
        self.path.push(Step { node, arms: None });
        // Selection and expansion.
        while let Some(to_move) = E::to_move(&s) {
            let action = match to_move {
                ToMove::One(p) => {
                    E::choices(&s, p, &mut self.parts);
                    self.pick_child(node, p, me)
                }
                ToMove::Both => self.pick_parts(&s, node, me),
            };
            let Some(action) = action else {
                break;
            };
            let (next, expanded) = self.child(node, &action);
            // Nobody reads a search's events.
            if E::apply_unrecorded(&mut s, &action, &mut self.events).is_err() {
                break;
            }
            node = next;
            self.path.push(Step { node, arms: None });
            if expanded {
                break;
            }
        }
        // Rollout.
        for _ in 0..E::ROLLOUT_DEPTH {
            if E::outcome(&s).is_some() {
                break;
            }
            let Some(i) = E::random_action(&s, rng, &mut self.buf) else {
                break;
            };
            let action = self.buf[i].clone();
            if E::apply_listed(&mut s, &action, &mut self.events).is_err() {
                break;
            }
        }
        let value = E::evaluate(&s, me);
        for step in &self.path {
            let n = &mut self.nodes[step.node];
            n.stats.add(value);
            if let Some(arms) = step.arms {
                for (seat, &arm) in n.arms.iter_mut().zip(&arms) {
                    seat[arm].stats.add(value);
                }
            }
        }
    }

    /// The child of `node` that `action` leads to, and whether it was added just now.
    fn child(&mut self, node: usize, action: &E::Action) -> (usize, bool) {
        let nodes = &self.nodes;
        let found = nodes[node]
            .children
            .iter()
            .copied()
            .find(|&c| nodes[c].action.as_ref() == Some(action));
        match found {
            Some(c) => (c, false),
            None => {
                let id = self.nodes.len();
                self.nodes.push(Node::new(Some(action.clone())));
                self.nodes[node].children.push(id);
                (id, true)
            }
        }
    }

    /// `seat`'s choice at `node` among `self.parts` (those legal in this deal): the first not
    /// tried yet, else the best by UCB1 from `seat`'s point of view.
    fn pick_child(&self, node: usize, seat: Player, me: Player) -> Option<E::Action> {
        let children = &self.nodes[node].children;
        let tried = |part: &E::Action| {
            children
                .iter()
                .any(|&c| self.nodes[c].action.as_ref() == Some(part))
        };
        if let Some(part) = self.parts.iter().find(|p| !tried(p)) {
            return Some(part.clone());
        }
        let ln = libm::log(f64::from(self.nodes[node].stats.visits.max(1)));
        let mut best: Option<(&E::Action, f64)> = None;
        for &c in children {
            let child = &self.nodes[c];
            let Some(action) = &child.action else {
                continue;
            };
            if !self.parts.contains(action) {
                continue;
            }
            let score = child.stats.ucb(seat, me, ln);
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((action, score));
            }
        }
        best.map(|(a, _)| a.clone())
    }

    /// Both seats' parts at the simultaneous choice `node`, each picked by
    /// [`Search::pick_arm`] on its own statistics without knowing the other's, joined; the
    /// arms taken are recorded on the path's last step for the backup.
    fn pick_parts(&mut self, s: &E::State, node: usize, me: Player) -> Option<E::Action> {
        let mut arms = [0; 2];
        for seat in Player::BOTH {
            E::choices(s, seat, &mut self.parts);
            arms[seat.index()] = self.pick_arm(node, seat, me)?;
        }
        let [p1, p2] = &self.nodes[node].arms;
        let action = E::combine(s, &p1[arms[0]].part, &p2[arms[1]].part);
        if let Some(step) = self.path.last_mut() {
            step.arms = Some(arms);
        }
        Some(action)
    }

    /// `seat`'s part at the simultaneous choice `node` among `self.parts` (those legal in
    /// this deal), as an index into the node's arms for `seat`: the first part not tried yet
    /// (added), else the best arm by UCB1 from `seat`'s point of view.
    fn pick_arm(&mut self, node: usize, seat: Player, me: Player) -> Option<usize> {
        let n = &mut self.nodes[node];
        let arms = &mut n.arms[seat.index()];
        if let Some(part) = self
            .parts
            .iter()
            .find(|p| !arms.iter().any(|a| &a.part == *p))
        {
            arms.push(Arm {
                part: part.clone(),
                stats: Stats::default(),
            });
            return Some(arms.len() - 1);
        }
        let ln = libm::log(f64::from(n.stats.visits.max(1)));
        let mut best: Option<(usize, f64)> = None;
        for (i, arm) in arms.iter().enumerate() {
            if !self.parts.contains(&arm.part) {
                continue;
            }
            let score = arm.stats.ucb(seat, me, ln);
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((i, score));
            }
        }
        best.map(|(i, _)| i)
    }
}
