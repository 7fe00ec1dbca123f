//! Generates the gRPC code and the reflection descriptor set from `proto/` with `protox`
//! (pure Rust), so a fresh machine needs no system `protoc`. Only the `server` feature needs them:
//! the rules core alone builds without code generation.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Without this line a core-only build would rerun the script whenever any file changes.
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "server")]
    generate()?;
    Ok(())
}

#[cfg(feature = "server")]
fn generate() -> Result<(), Box<dyn std::error::Error>> {
    use std::{env, fs, path::PathBuf};

    use prost::Message;

    let proto_dir = PathBuf::from("proto");
    let mut files: Vec<PathBuf> = fs::read_dir(proto_dir.join("cardrules/v1"))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    files.retain(|path| path.extension().is_some_and(|ext| ext == "proto"));
    files.sort();
    println!("cargo:rerun-if-changed=proto");

    let descriptors = protox::compile(&files, [&proto_dir])?;
    let out_dir = PathBuf::from(env::var("OUT_DIR")?);
    fs::write(
        out_dir.join("cardrules_descriptor.bin"),
        descriptors.encode_to_vec(),
    )?;
    tonic_prost_build::configure()
        .build_client(true)
        .build_server(true)
        .compile_fds(descriptors)?;
    Ok(())
}
