"""Writes a tiny random-weight Llama as GGUF for the llama-server test (issue 5).

Usage: python tiny_gguf.py OUT.gguf   (needs the PyPI packages gguf and numpy)

Shape: hidden 256, 2 layers, 4 heads / 2 KV heads, FFN 512, vocab 512 (256 byte tokens in the
GPT-2 byte-to-unicode alphabet, 255 merges of lowercase letter pairs, one <|endoftext|>),
tokenizer gpt2 with pre-tokenizer "gpt-2". Weights are seeded random numbers, so the text is
gibberish; what matters is that streams run to max_tokens. To that end the special token and
the 128 bytes >= 0x80 (invalid UTF-8 on their own, which would hold text back) get no
probability: every token embedding carries a large constant in dimension 0, the layers add
little, so the final normed state has a large positive dimension 0, and the output matrix gives
those tokens -1 in that column (others +1): their logits sit ~30 below the rest.
"""

import sys

import numpy as np
import gguf

HIDDEN, LAYERS, HEADS, KV_HEADS, FFN, VOCAB, CTX = 256, 2, 4, 2, 512, 512, 4096
HEAD_DIM = HIDDEN // HEADS


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(
        range(ord("®"), ord("ÿ") + 1)
    )
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {b: chr(c) for b, c in zip(bs, cs)}


def main(out):
    rng = np.random.default_rng(5)
    b2u = bytes_to_unicode()
    tokens = [b2u[b] for b in range(256)]
    merges = []
    letters = "etaoinshrdlucmfwypvbgkqjxz"
    for a in letters:
        for b in letters:
            if len(merges) == VOCAB - 256 - 1:
                break
            merges.append(f"{a} {b}")
            tokens.append(a + b)
    eot = len(tokens)
    tokens.append("<|endoftext|>")
    assert len(tokens) == VOCAB
    types = [gguf.TokenType.NORMAL] * (VOCAB - 1) + [gguf.TokenType.CONTROL]

    w = gguf.GGUFWriter(out, "llama")
    w.add_name("benchfit-tiny-llama")
    w.add_context_length(CTX)
    w.add_embedding_length(HIDDEN)
    w.add_block_count(LAYERS)
    w.add_feed_forward_length(FFN)
    w.add_head_count(HEADS)
    w.add_head_count_kv(KV_HEADS)
    w.add_layer_norm_rms_eps(1e-5)
    w.add_rope_dimension_count(HEAD_DIM)
    w.add_rope_freq_base(10000.0)
    w.add_vocab_size(VOCAB)
    w.add_file_type(gguf.LlamaFileType.ALL_F32)
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("gpt-2")
    w.add_token_list(tokens)
    w.add_token_types(types)
    w.add_token_merges(merges)
    w.add_bos_token_id(eot)
    w.add_eos_token_id(eot)
    w.add_add_bos_token(False)

    def rand(*shape, scale):
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    emb = rand(VOCAB, HIDDEN, scale=0.5)
    emb[:, 0] = 10.0
    w.add_tensor("token_embd.weight", emb)
    w.add_tensor("output_norm.weight", np.ones(HIDDEN, dtype=np.float32))
    out_w = rand(VOCAB, HIDDEN, scale=0.5)
    banned = [eot] + list(range(0x80, 0x100))
    out_w[:, 0] = 1.0
    out_w[banned, 0] = -1.0
    w.add_tensor("output.weight", out_w)
    kv_dim = KV_HEADS * HEAD_DIM
    for i in range(LAYERS):
        p = f"blk.{i}."
        w.add_tensor(p + "attn_norm.weight", np.ones(HIDDEN, dtype=np.float32))
        w.add_tensor(p + "attn_q.weight", rand(HIDDEN, HIDDEN, scale=0.05))
        w.add_tensor(p + "attn_k.weight", rand(kv_dim, HIDDEN, scale=0.05))
        w.add_tensor(p + "attn_v.weight", rand(kv_dim, HIDDEN, scale=0.05))
        w.add_tensor(p + "attn_output.weight", rand(HIDDEN, HIDDEN, scale=0.02))
        w.add_tensor(p + "ffn_norm.weight", np.ones(HIDDEN, dtype=np.float32))
        w.add_tensor(p + "ffn_gate.weight", rand(FFN, HIDDEN, scale=0.05))
        w.add_tensor(p + "ffn_up.weight", rand(FFN, HIDDEN, scale=0.05))
        w.add_tensor(p + "ffn_down.weight", rand(HIDDEN, FFN, scale=0.02))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


if __name__ == "__main__":
    main(sys.argv[1])
