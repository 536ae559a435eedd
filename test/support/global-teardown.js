module.exports = async () => {
  const server = globalThis.__CASINO_AUDIT_TEST_PG__;
  if (server) await server.stop();
};
