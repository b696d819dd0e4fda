# decksmith in a container: built in a Rust image, shipped in a small distroless one that
# holds the binary and nothing else. `docker run --rm -v "$PWD:/work" decksmith validate decks`
# The binary is linked statically (`cargo dist`, .cargo/config.toml): it starts faster.
FROM rust:1-slim AS build
WORKDIR /src
COPY . .
RUN cargo dist && strip target/release/decksmith

FROM gcr.io/distroless/cc-debian12
COPY --from=build /src/target/release/decksmith /usr/local/bin/decksmith
WORKDIR /work
ENTRYPOINT ["decksmith"]
CMD ["--help"]
