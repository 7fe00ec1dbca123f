//! Generates the gRPC code and the reflection descriptor set from `proto/` with `protox`
//! (pure Rust), so a fresh machine needs no system `protoc`. Only the `server` feature needs them:
//! the rules core alone builds without code generation.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Without this line a core-only build would rerun the script whenever any file changes.
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "server")]
    {
        generate()?;
        git_commit();
    }
    Ok(())
}

/// Sets `CARDRULES_GIT_COMMIT` for the metrics' `cardrules_build_info`: the variable of that name
/// if the build has it (a container build without `.git` can pass it in), else the checkout's
/// short commit, else "unknown". Never fails the build: a source tarball has no git.
#[cfg(feature = "server")]
fn git_commit() {
    use std::process::Command;

    println!("cargo:rerun-if-env-changed=CARDRULES_GIT_COMMIT");
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|out| out.status.success())
            .and_then(|out| String::from_utf8(out.stdout).ok())
            .map(|text| text.trim().to_owned())
            .filter(|text| !text.is_empty())
    };
    let commit = std::env::var("CARDRULES_GIT_COMMIT")
        .ok()
        .filter(|c| !c.is_empty())
        .or_else(|| {
            // Rerun when HEAD moves: HEAD itself (a checkout) and the branch it points to (a
            // commit), wherever this worktree keeps them.
            // (A path that does not exist would make cargo rerun this script on every build.)
            let branch = git(&["symbolic-ref", "-q", "HEAD"]);
            for file in ["HEAD", "packed-refs"].into_iter().chain(branch.as_deref()) {
                if let Some(path) = git(&["rev-parse", "--git-path", file])
                    .filter(|path| std::path::Path::new(path).exists())
                {
                    println!("cargo:rerun-if-changed={path}");
                }
            }
            git(&["rev-parse", "--short=12", "HEAD"])
        })
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=CARDRULES_GIT_COMMIT={commit}");
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
    // The messages and the client.
    tonic_prost_build::configure()
        .build_client(true)
        .build_server(false)
        // Prost's codec, decoding from one slice: see src/server/wire/codec.rs.
        .codec_path("crate::server::wire::codec::SliceCodec")
        .compile_fds(descriptors.clone())?;
    // The server, in a directory of its own (its file has the same name), on those messages,
    // except the hot calls' messages that carry card or tile lists: it receives and answers those
    // as src/server/wire/'s types.
    let server_dir = out_dir.join("server");
    fs::create_dir_all(&server_dir)?;
    let mut server = tonic_prost_build::configure()
        .build_client(false)
        .build_server(true)
        .codec_path("crate::server::wire::codec::SliceCodec")
        .out_dir(server_dir)
        .extern_path(".cardrules.v1", "crate::server::pb");
    for message in [
        "ValidatePlayRequest",
        "CompareCombosRequest",
        "ListPlaysRequest",
        "DealResponse",
        "ValidatePlayResponse",
        "CompareCombosResponse",
        "ListPlaysResponse",
        "MahjongWaitsResponse",
        "MahjongAnalyzeResponse",
        "BatchRequest",
        "BatchResponse",
    ] {
        server = server.extern_path(
            format!(".cardrules.v1.{message}"),
            format!("crate::server::wire::{message}"),
        );
    }
    server.compile_fds(descriptors)?;
    Ok(())
}
