package org.hybridconnector;

/**
 * A {@link HandBack} for tests of the socket wrapper without a selector: the connection is never
 * parked, a file handed over is only closed, an operation handed over is dropped unless a test
 * overrides {@link #awaitOperation}, and a connection handed back to linger is left to the test.
 */
class IgnoredHandBack implements HandBack {

    @Override
    public void awaitHead() {
    }

    @Override
    public void awaitData() {
    }

    @Override
    public void awaitWrite() {
    }

    @Override
    public void finishTransfer(FileTransfer file) {
        file.close();
    }

    @Override
    public void awaitOperation(PendingOperation operation) {
    }

    @Override
    public void linger() {
    }

    @Override
    public void closed() {
    }
}
