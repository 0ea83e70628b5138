/**
 * Recall in every language: words inside scripts written without spaces are found (character pairs),
 * accents and Arabic vowel marks fold, Cyrillic is matched as written, English stemming stays English.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { terms } from "../../src/recall/analyze.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";

const at = "2026-01-01T00:00:00.000Z";
const learnings: [string, string][] = [
  ["lzh00001", "我们的数据库服务器在上海，每天凌晨备份一次。"],
  ["lzh00002", "前端使用React构建，部署在北京的机房。"],
  ["lja00001", "日本語のテキストを検索するにはインデックスが必要です。"],
  ["lja00002", "東京のオフィスは月曜日に休みです。"],
  ["lru00001", "Сервер базы данных перезапускается каждую ночь в Москве."],
  ["lar00001", "قَاعِدَةُ البيانات موجودة في الرياض"],
  ["lfr00001", "Le café du bureau ferme à dix-huit heures à Montréal."],
  ["len00001", "The paintings were shipped to the gallery in crates."],
  ["lko00001", "데이터베이스를 매일 백업합니다"],
];

function brain(): Brain {
  const lines = learnings.map(([id, text]) => JSON.stringify({ id, type: "learning", text, created: at }));
  return Brain.open({ store: new MemoryStore(`${lines.join("\n")}\n`), seedDefault: false });
}

describe("recall in many languages", () => {
  const b = brain();
  const first = (q: string) => b.search(q).hits[0]?.id;

  it("finds a Chinese word inside a longer sentence", () => {
    assert.equal(first("数据库"), "lzh00001");
    assert.equal(first("上海的备份"), "lzh00001");
    assert.equal(first("北京"), "lzh00002");
  });

  it("finds Japanese words inside running text (kanji and kana)", () => {
    assert.equal(first("日本語"), "lja00001");
    assert.equal(first("インデックス"), "lja00001");
    assert.equal(first("東京のオフィス"), "lja00002");
  });

  it("finds Korean words with their particles attached", () => {
    assert.equal(first("데이터베이스"), "lko00001");
  });

  it("matches Cyrillic words case-insensitively", () => {
    assert.equal(first("сервер москве"), "lru00001");
    assert.equal(first("СЕРВЕР"), "lru00001");
  });

  it("matches Arabic with or without vowel marks", () => {
    assert.equal(first("قاعدة"), "lar00001");
    assert.equal(first("الرياض"), "lar00001");
  });

  it("folds accents in Latin text both ways", () => {
    assert.equal(first("cafe montreal"), "lfr00001");
    assert.equal(first("CAFÉ"), "lfr00001");
  });

  it("stems English words only", () => {
    assert.equal(first("painting gallery"), "len00001");
    assert.deepEqual(terms("paintings painted"), ["paint", "paint"]);
    // Not English: kept as written (no suffix stripping of Russian or accented words).
    assert.deepEqual(terms("ночь Москве"), ["ночь", "москве"]);
  });

  it("matches on shared character pairs only", () => {
    assert.deepEqual(
      b.search("数据仓库").hits.map((h) => h.id),
      ["lzh00001"],
    );
    assert.deepEqual(b.search("ロンドン").hits, []);
  });
});
