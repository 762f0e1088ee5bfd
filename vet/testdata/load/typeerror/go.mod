module example.com/typeerror

go 1.22
