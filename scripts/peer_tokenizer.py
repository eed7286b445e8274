"""Writes a Hugging Face tokenizer directory matching a GGUF's own BPE vocabulary (issue 14).

Usage: python peer_tokenizer.py MODEL.gguf OUT_DIR   (needs the PyPI package gguf)

The peer load tools (GuideLLM, AIPerf, genai-perf, inference-perf, vLLM bench) load a Hugging
Face tokenizer to build prompts of N tokens and to count output tokens; nothing can be downloaded
from a model hub here, so this writes `tokenizer.json` (the `tokenizers` library's format: a
byte-level BPE with the GGUF's token list, merges and special tokens, as GPT-2's) and a
`tokenizer_config.json` naming PreTrainedTokenizerFast. The token ids equal llama.cpp's for the
same text (the GGUF says tokenizer "gpt2", pre-tokenizer "gpt-2"), so a tool's re-tokenised
counts can be compared with the server's usage counts.
"""

import json
import os
import sys

import gguf


def field(reader, name):
    f = reader.fields[name]
    if len(f.data) == 1 and f.types[0] != gguf.GGUFValueType.ARRAY:
        return f.parts[f.data[0]].tolist()[0]
    return [bytes(f.parts[i]).decode("utf-8") for i in f.data]


def main(model, out):
    r = gguf.GGUFReader(model)
    tokens = field(r, "tokenizer.ggml.tokens")
    merges = field(r, "tokenizer.ggml.merges")
    types = [int(r.fields["tokenizer.ggml.token_type"].parts[i][0]) for i in r.fields["tokenizer.ggml.token_type"].data]
    eos = int(r.fields["tokenizer.ggml.eos_token_id"].parts[-1][0])
    control = gguf.TokenType.CONTROL.value
    special = [i for i, t in enumerate(types) if t == control]
    bl = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    tok = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [
            {"id": i, "content": tokens[i], "single_word": False, "lstrip": False,
             "rstrip": False, "normalized": False, "special": True}
            for i in special
        ],
        "normalizer": None,
        "pre_tokenizer": bl,
        "post_processor": bl,
        "decoder": bl,
        "model": {
            "type": "BPE", "dropout": None, "unk_token": None,
            "continuing_subword_prefix": "", "end_of_word_suffix": "", "fuse_unk": False,
            "byte_fallback": False, "ignore_merges": False,
            "vocab": {t: i for i, t in enumerate(tokens)},
            "merges": merges,
        },
    }
    os.makedirs(out, exist_ok=True)
    json.dump(tok, open(os.path.join(out, "tokenizer.json"), "w"), ensure_ascii=False)
    json.dump({
        "tokenizer_class": "PreTrainedTokenizerFast",
        "eos_token": tokens[eos], "bos_token": tokens[eos], "pad_token": tokens[eos],
        "model_max_length": 4096, "add_bos_token": False, "clean_up_tokenization_spaces": False,
    }, open(os.path.join(out, "tokenizer_config.json"), "w"), indent=1)
    # Some loaders (AutoConfig) want a config.json beside the tokenizer; a minimal Llama one.
    json.dump({"model_type": "llama", "vocab_size": len(tokens), "max_position_embeddings": 4096,
               "eos_token_id": eos, "bos_token_id": eos},
              open(os.path.join(out, "config.json"), "w"), indent=1)
    print(f"{out}: {len(tokens)} tokens, {len(merges)} merges, special {special}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
