// jest stands this in for image imports (jest.config.js): an asset import is its URL text.
module.exports = 'test-file-stub.png'
