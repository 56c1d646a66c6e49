// The integration tests' stack is the handler test kit's (functions/testing), documented in the README.
export { startTestStack, type TestStack } from '../../functions/testing/test-stack';
