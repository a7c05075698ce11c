// The canonical JSON that requestState signs (RFC 8785, JCS), against the RFC's examples and the
// number sequence of its reference test data: two values get the same text only if JSON cannot
// tell them apart, and what JSON cannot carry is refused.
import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { canonical } from '../src/input/request-state.js';

const jcs = suite('requestState: canonical JSON (RFC 8785)');

jcs('the RFC’s example of values: numbers, a string with escapes, literals', () => {
  const input = JSON.parse(
    '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
      ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
      ' "literals": [null, true, false]}',
  );
  assert.is(
    canonical(input),
    '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
  );
});

jcs('the RFC’s example of sorting: keys by their UTF-16 code units', () => {
  const input = JSON.parse(
    '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\u000a": "Newline", "1": "One",' +
      ' "\\u0080": "Control\\u007f", "\\ud83d\\ude02": "Smiley",' +
      ' "\\u00f6": "Latin Small Letter O With Diaeresis",' +
      ' "\\ufb33": "Hebrew Letter Dalet With Dagesh", "</script>": "Browser Challenge"}',
  );
  assert.is(
    canonical(input),
    '{"\\n":"Newline","\\r":"Carriage Return","1":"One","</script>":"Browser Challenge",' +
      '"\u0080":"Control\u007f","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign",' +
      '"\ud83d\ude02":"Smiley","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
  );
  // Unicode is not normalized: A and a combining ring stay two code points.
  assert.is(canonical({ 'Unnormalized Unicode': 'A\u030a' }), '{"Unnormalized Unicode":"A\u030a"}');
  // Nested objects are sorted too; arrays keep their order.
  assert.is(canonical({ b: [3, { y: 1, x: 2 }], a: {} }), '{"a":{},"b":[3,{"x":2,"y":1}]}');
});

const doubleOf = (hex: string) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
};

jcs('the RFC’s number samples, as ECMAScript writes them', () => {
  for (const [hex, text] of [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'], // minus zero
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ] as const) {
    assert.is(canonical(doubleOf(hex)), text, hex);
  }
});

// The reference test data's number sequence (its testdata/README.md): edge cases, 2000 numbers
// from the smallest normal one up, then doubles from a SHA-256 chain; each line `hex,text`. The
// SHA-256 of its first 1000 lines is published.
jcs('the first 1000 numbers of the reference sequence hash as published', () => {
  const edges = [
    0x0000000000000000n,
    0x8000000000000000n,
    0x0000000000000001n,
    0x8000000000000001n,
    0xc46696695dbd1cc3n,
    0xc43211ede4974a35n,
    0xc3fce97ca0f21056n,
    0xc3c7213080c1a6acn,
    0xc39280f39a348556n,
    0xc35d9b1f5d20d557n,
    0xc327af4c4a80aaacn,
    0xc2f2f2a36ecd5556n,
    0xc2be51057e155558n,
    0xc28840d131aaaaacn,
    0xc253670dc1555557n,
    0xc21f0b4935555557n,
    0xc1e8d5d42aaaaaacn,
    0xc1b3de4355555556n,
    0xc17fca0555555556n,
    0xc1496e6aaaaaaaabn,
    0xc114585555555555n,
    0xc0e046aaaaaaaaabn,
    0xc0aa0aaaaaaaaaaan,
    0xc074d55555555555n,
    0xc040aaaaaaaaaaabn,
    0xc00aaaaaaaaaaaabn,
    0xbfd5555555555555n,
    0xbfa1111111111111n,
    0xbf6b4e81b4e81b4fn,
    0xbf35d867c3ece2a5n,
    0xbf0179ec9cbd821en,
    0xbecbf647612f3696n,
    0xbe965e9f80f29212n,
    0xbe61e54c672874dbn,
    0xbe2ca213d840baf8n,
    0xbdf6e80fe033c8c6n,
    0xbdc2533fe68fd3d2n,
    0xbd8d51ffd74c861cn,
    0xbd5774ccac3d3817n,
    0xbd22c3d6f030f9acn,
    0xbcee0624b3818f79n,
    0xbcb804ea293472c7n,
    0xbc833721ba905bd3n,
    0xbc4ebe9c5db3c61en,
    0xbc18987d17c304e5n,
    0xbbe3ad30dfcf371dn,
    0xbbaf7b816618582fn,
    0xbb792f9ab81379bfn,
    0xbb442615600f9499n,
    0xbb101e77800c76e1n,
    0xbad9ca58cce0be35n,
    0xbaa4a1e0a3e6fe90n,
    0xba708180831f320dn,
    0xba3a68cd9e985016n,
    0x446696695dbd1cc3n,
    0x443211ede4974a35n,
    0x43fce97ca0f21056n,
    0x43c7213080c1a6acn,
    0x439280f39a348556n,
    0x435d9b1f5d20d557n,
    0x4327af4c4a80aaacn,
    0x42f2f2a36ecd5556n,
    0x42be51057e155558n,
    0x428840d131aaaaacn,
    0x4253670dc1555557n,
    0x421f0b4935555557n,
    0x41e8d5d42aaaaaacn,
    0x41b3de4355555556n,
    0x417fca0555555556n,
    0x41496e6aaaaaaaabn,
    0x4114585555555555n,
    0x40e046aaaaaaaaabn,
    0x40aa0aaaaaaaaaaan,
    0x4074d55555555555n,
    0x4040aaaaaaaaaaabn,
    0x400aaaaaaaaaaaabn,
    0x3fd5555555555555n,
    0x3fa1111111111111n,
    0x3f6b4e81b4e81b4fn,
    0x3f35d867c3ece2a5n,
    0x3f0179ec9cbd821en,
    0x3ecbf647612f3696n,
    0x3e965e9f80f29212n,
    0x3e61e54c672874dbn,
    0x3e2ca213d840baf8n,
    0x3df6e80fe033c8c6n,
    0x3dc2533fe68fd3d2n,
    0x3d8d51ffd74c861cn,
    0x3d5774ccac3d3817n,
    0x3d22c3d6f030f9acn,
    0x3cee0624b3818f79n,
    0x3cb804ea293472c7n,
    0x3c833721ba905bd3n,
    0x3c4ebe9c5db3c61en,
    0x3c18987d17c304e5n,
    0x3be3ad30dfcf371dn,
    0x3baf7b816618582fn,
    0x3b792f9ab81379bfn,
    0x3b442615600f9499n,
    0x3b101e77800c76e1n,
    0x3ad9ca58cce0be35n,
    0x3aa4a1e0a3e6fe90n,
    0x3a708180831f320dn,
    0x3a3a68cd9e985016n,
    0x4024000000000000n,
    0x4014000000000000n,
    0x3fe0000000000000n,
    0x3fa999999999999an,
    0x3f747ae147ae147bn,
    0x3f40624dd2f1a9fcn,
    0x3f0a36e2eb1c432dn,
    0x3ed4f8b588e368f1n,
    0x3ea0c6f7a0b5ed8dn,
    0x3e6ad7f29abcaf48n,
    0x3e35798ee2308c3an,
    0x3ed539223589fa95n,
    0x3ed4ff26cd5a7781n,
    0x3ed4f95a762283ffn,
    0x3ed4f8c60703520cn,
    0x3ed4f8b72f19cd0dn,
    0x3ed4f8b5b31c0c8dn,
    0x3ed4f8b58d1c461an,
    0x3ed4f8b5894f7f0en,
    0x3ed4f8b588ee37f3n,
    0x3ed4f8b588e47da4n,
    0x3ed4f8b588e3849cn,
    0x3ed4f8b588e36bb5n,
    0x3ed4f8b588e36937n,
    0x3ed4f8b588e368f8n,
    0x3ed4f8b588e368f1n,
    0x3ff0000000000000n,
    0xbff0000000000000n,
    0xbfeffffffffffffan,
    0xbfeffffffffffffbn,
    0x3feffffffffffffan,
    0x3feffffffffffffbn,
    0x3feffffffffffffcn,
    0x3feffffffffffffen,
    0xbfefffffffffffffn,
    0xbfefffffffffffffn,
    0x3fefffffffffffffn,
    0x3fefffffffffffffn,
    0x3fd3333333333332n,
    0x3fd3333333333333n,
    0x3fd3333333333334n,
    0x0010000000000000n,
    0x000ffffffffffffdn,
    0x000fffffffffffffn,
    0x7fefffffffffffffn,
    0xffefffffffffffffn,
    0x4340000000000000n,
    0xc340000000000000n,
    0x4430000000000000n,
    0x44b52d02c7e14af5n,
    0x44b52d02c7e14af6n,
    0x44b52d02c7e14af7n,
    0x444b1ae4d6e2ef4en,
    0x444b1ae4d6e2ef4fn,
    0x444b1ae4d6e2ef50n,
    0x3eb0c6f7a0b5ed8cn,
    0x3eb0c6f7a0b5ed8dn,
    0x41b3de4355555553n,
    0x41b3de4355555554n,
    0x41b3de4355555555n,
    0x41b3de4355555556n,
    0x41b3de4355555557n,
    0xbecbf647612f3696n,
    0x43143ff3c1cb0959n,
  ];
  const bits = new DataView(new ArrayBuffer(8));
  const line = (value: bigint) => {
    bits.setBigUint64(0, value);
    return `${value.toString(16)},${canonical(bits.getFloat64(0))}\n`;
  };
  let text = '';
  let count = 0;
  for (const value of edges) {
    if (count++ < 1000) text += line(value);
  }
  for (let i = 0n; i < 2000n && count < 1000; i++, count++) text += line(0x0010000000000000n + i);
  assert.is(count, 1000);
  assert.is(
    createHash('sha256').update(text).digest('hex'),
    'be18b62b6f69cdab33a7e0dae0d9cfa869fda80ddc712221570f9f40a5878687',
  );
});

jcs('what JSON cannot carry is refused, naming where', () => {
  for (const [value, message] of [
    [Number.NaN, '$ is NaN, which JSON cannot carry'],
    [{ limit: Number.POSITIVE_INFINITY }, '$.limit is Infinity, which JSON cannot carry'],
    [[1, Number.NEGATIVE_INFINITY], '$[1] is -Infinity, which JSON cannot carry'],
    [{ a: undefined }, '$.a is undefined, which JSON cannot carry'],
    [[undefined], '$[0] is undefined, which JSON cannot carry'],
    [{ f: () => 1 }, '$.f is a function, which JSON cannot carry'],
    [{ n: 1n }, '$.n is a bigint, which JSON cannot carry'],
    [{ s: Symbol('s') }, '$.s is a symbol, which JSON cannot carry'],
    [{ when: new Date(0) }, '$.when is not a plain object, which JSON cannot carry'],
    [new Map([['a', 1]]), '$ is not a plain object, which JSON cannot carry'],
  ] as const) {
    assert.throws(
      () => canonical(value),
      (error: Error) => error instanceof TypeError && error.message === message,
      message,
    );
  }
  // An object without a prototype is a plain object too.
  assert.is(canonical(Object.assign(Object.create(null), { b: 1, a: 2 })), '{"a":2,"b":1}');
});

jcs.run();
