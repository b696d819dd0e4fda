//! The one place that maps a game id to its engine. Commands that work with any engine
//! (`match run`, `match verify`, `match random`) are written once as an [`EngineTask`] and
//! dispatched here; a new engine adds one line to [`dispatch`] and one to [`GAMES`].

use super::Engine;

/// Work generic over the engine.
pub trait EngineTask {
    type Output;
    fn run<E: Engine>(self) -> Self::Output;
}

/// Game ids that have a match engine.
pub const GAMES: &[&str] = &["jforce", "fow", "skirmish"];

/// Runs `task` with the engine of `game`; `None` when the game has no engine.
pub fn dispatch<T: EngineTask>(game: &str, task: T) -> Option<T::Output> {
    match game {
        "jforce" => Some(task.run::<super::jforce::JForce>()),
        "fow" => Some(task.run::<super::fow::Fow>()),
        "skirmish" => Some(task.run::<super::skirmish::Skirmish>()),
        _ => None,
    }
}
