// The integration tests' stack is the handler test kit's (tests/support/handler-kit), documented in the README.
export { startTestStack, type TestStack } from './handler-kit/test-stack';
