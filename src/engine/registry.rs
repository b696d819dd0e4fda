//! The one place that names the engines. Commands that work with any engine (`match run`,
//! `match verify`, `match random`) are written once as an [`EngineTask`] and dispatched here;
//! tests and benchmarks that cover every engine expand [`for_each_engine!`](crate::for_each_engine).
//! A new engine is its folder under `engine/` plus one line in that macro.

use super::Engine;
use crate::error::Error;

/// A command that plays games was given a game without a rules engine.
pub fn no_engine(game_id: &str) -> Error {
    Error::usage_with_help(
        format!("decksmith has no match engine for `{game_id}`"),
        format!("the games with an engine are: {}", GAMES.join(", ")),
    )
}

/// Calls the macro `$callback` with every engine, as `module::Type` pairs relative to
/// `engine` (`jforce::JForce, fow::Fow, …`): the registry itself. The engine modules, the
/// game list, the dispatch and the engine benchmarks are generated from it.
#[macro_export]
macro_rules! for_each_engine {
    ($callback:ident) => {
        $callback! { jforce::JForce, fow::Fow, skirmish::Skirmish }
    };
}

/// Work generic over the engine.
pub trait EngineTask {
    type Output;
    fn run<E: Engine>(self) -> Self::Output;
}

macro_rules! registry {
    ($($module:ident::$engine:ident),*) => {
        /// Game ids that have a match engine.
        pub const GAMES: &[&str] = &[$(<super::$module::$engine as Engine>::GAME),*];

        /// Runs `task` with the engine of `game`; `None` when the game has no engine.
        pub fn dispatch<T: EngineTask>(game: &str, task: T) -> Option<T::Output> {
            $(
                if game == <super::$module::$engine as Engine>::GAME {
                    return Some(task.run::<super::$module::$engine>());
                }
            )*
            None
        }
    };
}

for_each_engine!(registry);
