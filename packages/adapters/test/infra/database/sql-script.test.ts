import { assert, describe, it } from "@effect/vitest"
import { isTransactionControl, splitSqlStatements } from "../../../src/infra/database/sql-script.ts"

describe("splitSqlStatements", () => {
  it("splits at top-level semicolons only", () => {
    const script = `
      -- leading comment; with a semicolon
      create table a (v text default 'x;y' , "odd;name" int);
      insert into a values (E'it\\'s; fine');
      /* block; /* nested; */ comment */
      create function f() returns int language sql as $$ select 1; $$;
      create function g() returns text language plpgsql as $fn$ begin return 'a;b'; end; $fn$;
      select $1::int;
      -- trailing comment only
    `
    assert.deepStrictEqual(splitSqlStatements(script), [
      "-- leading comment; with a semicolon\n      create table a (v text default 'x;y' , \"odd;name\" int)",
      "insert into a values (E'it\\'s; fine')",
      "/* block; /* nested; */ comment */\n      create function f() returns int language sql as $$ select 1; $$",
      "create function g() returns text language plpgsql as $fn$ begin return 'a;b'; end; $fn$",
      "select $1::int"
    ])
  })

  it("keeps a last statement without semicolon and drops empty ones", () => {
    assert.deepStrictEqual(splitSqlStatements(";;select 1;;\n select 2"), ["select 1", "select 2"])
    assert.deepStrictEqual(splitSqlStatements("  -- nothing\n/* here */ "), [])
  })

  it("recognises transaction control", () => {
    assert.isTrue(isTransactionControl("BEGIN"))
    assert.isTrue(isTransactionControl("-- c\ncommit"))
    assert.isTrue(isTransactionControl("start transaction isolation level serializable"))
    assert.isFalse(isTransactionControl("create table begin_log (id int)"))
    assert.isFalse(isTransactionControl("BEGIN ATOMIC select 1; END"))
  })
})
